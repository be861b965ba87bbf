import { z } from "zod";

/** PUT /api/model_mapping/ body: {mapping} as an object (or its JSON text); shape checked by the service. */
export const putModelMappingSchema = z.object({
  mapping: z.union([z.record(z.string(), z.unknown()), z.string().max(1_000_000)]),
});
export type PutModelMappingInput = z.infer<typeof putModelMappingSchema>;
