import "server-only";

// POST /api/model_mapping/reload: re-reads the options from the database (e.g. after another
// instance or a script changed them) and answers the mapping now in force.
import { invalidateOptionsCache } from "@/lib/server/options/store";
import { getModelMapping } from "@/modules/settings/server/model-mapping/get-model-mapping";

export async function reloadModelMapping() {
  invalidateOptionsCache();
  return getModelMapping();
}
