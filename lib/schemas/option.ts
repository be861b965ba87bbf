import { z } from "zod";

/** PUT /api/option/ body: one key per call; booleans and numbers are stored as strings. Per-key
 * rules live in lib/settings/option-rules.ts. */
export const updateOptionSchema = z.object({
  key: z.string().trim().min(1).max(200),
  value: z.union([z.string().max(1_000_000), z.number(), z.boolean()]).transform((v) => String(v)),
});
export type UpdateOptionInput = z.infer<typeof updateOptionSchema>;
