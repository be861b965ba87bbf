import "server-only";

// Midjourney-proxy and Suno submits at the relay boundary: the fields the task relays read.
import { z } from "zod";
import { LIMITS } from "@/relay/kernel/wire-guard";

const str = z.string().nullish();

export const midjourneySchema = z.looseObject({
  prompt: str,
  action: str,
  content: str,
  customId: str,
  taskId: str,
  notifyHook: str,
  base64Array: z.array(z.string()).max(LIMITS.images).nullish(),
  ids: z.array(z.string()).max(LIMITS.inputs).nullish(),
});

export const sunoSchema = z.looseObject({
  prompt: str,
  mv: str,
  title: str,
  tags: str,
  gpt_description_prompt: str,
  continue_clip_id: str,
  task_id: str,
  ids: z.array(z.string()).max(LIMITS.inputs).nullish(),
});
