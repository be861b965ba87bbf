import { z } from "zod";

const optionEntrySchema = z.object({
  key: z.string().trim().min(1).max(200),
  value: z.union([z.string().max(1_000_000), z.number(), z.boolean()]).transform((v) => String(v)),
});
export type OptionEntryInput = z.infer<typeof optionEntrySchema>;

/**
 * PUT /api/option/ body: one {key, value} (new-api's form) or a list of them saved together, in
 * order, all or nothing. The console sends one {key, value} per changed key. Booleans
 * and numbers are stored as strings. Per-key rules live in modules/settings/rules/option-rules.ts.
 */
export const updateOptionSchema = z.union([
  optionEntrySchema.transform((e) => [e]),
  z.array(optionEntrySchema).min(1).max(200),
]);
export type UpdateOptionInput = z.infer<typeof updateOptionSchema>;

/** PUT /api/model_mapping/ body: {mapping} as an object (or its JSON text); shape checked by the service. */
export const putModelMappingSchema = z.object({
  mapping: z.union([z.record(z.string(), z.unknown()), z.string().max(1_000_000)]),
});
export type PutModelMappingInput = z.infer<typeof putModelMappingSchema>;
