import "server-only";

// OpenAI chat request -> Bedrock Converse / ConverseStream body
// (docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Converse.html): system blocks,
// user/assistant messages of content blocks (text, image bytes, toolUse, toolResult), toolConfig
// (toolSpec + toolChoice auto/any/tool) and inferenceConfig (maxTokens, temperature, topP,
// stopSequences). Bedrock wants alternating roles, so consecutive same-role messages (several tool
// results, say) are merged into one. Images must be data: URLs (Converse takes bytes only).
import type { z } from "zod";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import { argumentsObject, imageUrlOf, parseDataUrl } from "@/relay/vendors/shared/openai-style/response-chunks";
import type { chatSchema } from "@/relay/vendors/shared/openai-style/wire";
import { ownValue } from "@/lib/own-keys";
import { checkChatConvertible, type ChatTarget } from "@/relay/vendors/shared/openai-style/request-convertible";

type Chat = z.infer<typeof chatSchema>;
type Message = Chat["messages"][number];
type Block = Json;

/** What Converse carries of OpenAI chat: text and image bytes; it refuses blank text. */
const CONVERSE_TARGET: ChatTarget = { parts: ["text", "image_url"], nonEmpty: true };

const IMAGE_FORMATS: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** A toolUseId Bedrock accepts ([a-zA-Z0-9_-]{1,64}); OpenAI ids are mapped the same way both times. */
export function toolUseId(id: string | null | undefined, fallback: string): string {
  const clean = (id ?? "").replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64);
  return clean || fallback;
}

function imageBlock(url: string): Block {
  const data = parseDataUrl(url);
  if (!data) throw invalidRequest("Bedrock Converse takes images as base64 data: URLs only", "invalid_image_url");
  const format = ownValue(IMAGE_FORMATS, data.mediaType);
  if (!format) throw invalidRequest(`image type ${data.mediaType} is not supported by Bedrock`, "invalid_image_url");
  return { image: { format, source: { bytes: data.base64 } } };
}

function contentBlocks(content: Message["content"]): Block[] {
  if (typeof content === "string") return content ? [{ text: content }] : [];
  const out: Block[] = [];
  for (const part of content ?? []) {
    if (part.type === "text" || (part.type == null && typeof part.text === "string")) {
      if (part.text) out.push({ text: part.text });
    } else if (part.type === "image_url") out.push(imageBlock(imageUrlOf(part)));
    else throw invalidRequest(`content part type ${String(part.type)} is not supported by Bedrock Converse`);
  }
  return out;
}

function textOf(content: Message["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((p) => p.text ?? "").join("");
}

function messageBlocks(m: Message, index: number): { role: "user" | "assistant"; blocks: Block[] } | null {
  if (m.role === "tool") {
    const text = textOf(m.content);
    return {
      role: "user",
      blocks: [
        {
          toolResult: {
            toolUseId: toolUseId(m.tool_call_id, `tool_${index}`),
            content: [{ text: text || "(empty)" }],
          },
        },
      ],
    };
  }
  if (m.role === "assistant") {
    const blocks = contentBlocks(m.content);
    (m.tool_calls ?? []).forEach((c, i) => {
      blocks.push({
        toolUse: {
          toolUseId: toolUseId(c.id, `tool_${index}_${i}`),
          name: c.function?.name ?? "",
          input: argumentsObject(c.function?.arguments),
        },
      });
    });
    return { role: "assistant", blocks };
  }
  return { role: "user", blocks: contentBlocks(m.content) };
}

function toolConfig(body: Chat, hasToolBlocks: boolean): Json | undefined {
  const tools = (body.tools ?? [])
    .filter((t) => t.function && (t.type ?? "function") === "function")
    .map((t) => ({
      toolSpec: {
        name: t.function!.name,
        ...(t.function!.description ? { description: t.function!.description } : {}),
        inputSchema: { json: t.function!.parameters ?? { type: "object", properties: {} } },
      },
    }));
  if (!tools.length) return undefined;
  const choice = body.tool_choice;
  // Converse has no "none": the tools stay declared only when the history already uses them.
  if (choice === "none") return hasToolBlocks ? { tools } : undefined;
  let toolChoice: Json | undefined;
  if (choice === "required") toolChoice = { any: {} };
  else if (choice && typeof choice === "object" && choice.function?.name)
    toolChoice = { tool: { name: choice.function.name } };
  else if (choice === "auto") toolChoice = { auto: {} };
  return toolChoice ? { tools, toolChoice } : { tools };
}

/** The Converse body for an OpenAI chat request (the model is in the URL). */
export function converseBody(input: Json): Json {
  checkChatConvertible(input, CONVERSE_TARGET);
  const body = input as Chat;
  const system: Block[] = [];
  const messages: { role: string; content: Block[] }[] = [];
  let hasToolBlocks = false;
  (body.messages ?? []).forEach((m, i) => {
    if (m.role === "system" || m.role === "developer") {
      const text = textOf(m.content);
      if (text) system.push({ text });
      return;
    }
    const next = messageBlocks(m, i);
    if (!next || !next.blocks.length) return;
    if (next.blocks.some((b) => b.toolUse || b.toolResult)) hasToolBlocks = true;
    const last = messages.at(-1);
    if (last && last.role === next.role) last.content.push(...next.blocks);
    else messages.push({ role: next.role, content: next.blocks });
  });
  const inference: Json = {};
  const max = body.max_completion_tokens ?? body.max_tokens;
  if (max) inference.maxTokens = max;
  if (typeof body.temperature === "number") inference.temperature = body.temperature;
  if (typeof body.top_p === "number") inference.topP = body.top_p;
  const stop = typeof body.stop === "string" ? [body.stop] : (body.stop ?? []);
  if (stop.length) inference.stopSequences = stop;
  const tools = toolConfig(body, hasToolBlocks);
  return {
    messages,
    ...(system.length ? { system } : {}),
    ...(Object.keys(inference).length ? { inferenceConfig: inference } : {}),
    ...(tools ? { toolConfig: tools } : {}),
  };
}
