import "server-only";

import { getOptionText, parseJsonOption } from "@/lib/server/options/store";
import type { ModelMapping } from "@/modules/settings/model-mapping";

/** GET /api/model_mapping/: the stored mapping (option ModelMapping). */
export async function getModelMapping(): Promise<{ mapping: ModelMapping }> {
  return { mapping: parseJsonOption<ModelMapping>(await getOptionText("ModelMapping"), {}) };
}
