import "server-only";

// PUT /api/model_mapping/: validates and stores the whole mapping as
// the ModelMapping option; the relay re-parses it on its next request (memoised per value).
import { AppError } from "@/lib/server/http/app-error";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { getOptionText, setOption } from "@/lib/server/options/store";
import { auditValue, recordAdminAction, type AdminActor } from "@/lib/server/ledger/journal";
import type { PutModelMappingInput } from "@/modules/settings/schemas";
import {
  checkModelMapping,
  entriesToMapping,
  mappingToEntries,
  type ModelMapping,
} from "@/modules/settings/model-mapping";

export async function putModelMapping(
  { mapping }: PutModelMappingInput,
  actor: AdminActor,
): Promise<{ mapping: ModelMapping }> {
  let value: unknown = mapping;
  if (typeof mapping === "string") {
    try {
      value = JSON.parse(mapping);
    } catch {
      throw new AppError("bad_request", "mapping_shape");
    }
  }
  const problem = checkModelMapping(value);
  if (problem) throw new AppError("bad_request", `mapping_${problem.id}` as ServerMessageKey, problem.params);
  const clean = entriesToMapping(mappingToEntries(value as ModelMapping));
  const before = await getOptionText("ModelMapping");
  const after = JSON.stringify(clean);
  await setOption("ModelMapping", after);
  if (before !== after) {
    await recordAdminAction(
      actor,
      "update_options",
      `修改了设置 ModelMapping：${auditValue(before)} → ${auditValue(after)}`,
      {
        keys: ["ModelMapping"],
      },
    );
  }
  return { mapping: clean };
}
