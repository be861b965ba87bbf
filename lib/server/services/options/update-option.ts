// PUT /api/option/: validates and stores one option, then drops the caches that depend on it.
import { AppError } from "@/lib/server/http/app-error";
import { setOption } from "@/lib/server/options/store";
import { OPTION_DEFAULTS } from "@/lib/server/options/defaults";
import { JSON_OPTION_KEYS, type UpdateOptionInput } from "@/lib/schemas/option";
import { invalidateAllTokens } from "@/lib/server/relay/cache/token-cache";

const BOOLEAN_KEY = /(Enabled|enabled)$|^DefaultCollapseSidebar$/;

export async function updateOption({ key, value }: UpdateOptionInput): Promise<void> {
  if (!(key in OPTION_DEFAULTS)) throw new AppError("bad_request", "option_unknown", { key });
  if (BOOLEAN_KEY.test(key) && value !== "true" && value !== "false")
    throw new AppError("bad_request", "option_boolean", { key });
  if (JSON_OPTION_KEYS.has(key)) {
    try {
      JSON.parse(value);
    } catch {
      throw new AppError("bad_request", "option_json_invalid", { key });
    }
  }
  await setOption(key, value);
  // Group / usable-group changes affect what cached tokens may do.
  if (key === "GroupRatio" || key === "UserUsableGroups") invalidateAllTokens();
}
