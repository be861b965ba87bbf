import { z } from "zod";

/** PUT /api/option/ body: one key per call; booleans and numbers are stored as strings. */
export const updateOptionSchema = z.object({
  key: z.string().trim().min(1).max(200),
  value: z.union([z.string().max(1_000_000), z.number(), z.boolean()]).transform((v) => String(v)),
});
export type UpdateOptionInput = z.infer<typeof updateOptionSchema>;

/** Options whose value must be a JSON document (validated before saving). */
export const JSON_OPTION_KEYS = new Set([
  "ModelRatio",
  "ModelPrice",
  "CompletionRatio",
  "CacheRatio",
  "GroupRatio",
  "UserUsableGroups",
  "TopupGroupRatio",
  "ModelRequestRateLimitGroup",
  "ModelMapping",
  "Chats",
  "gemini.safety_settings",
  "gemini.version_settings",
  "gemini.supported_imagine_models",
  "gemini.models_supported_thinking_budget",
  "claude.model_headers_settings",
  "claude.default_max_tokens",
]);
