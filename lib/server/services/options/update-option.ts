// PUT /api/option/: validates and stores one option, then drops the caches that depend on it.
// The relay reads options from the same in-memory map (parsed JSON memoised per value), so a saved
// option takes effect on the next request without a restart.
import { getOptions, setOption } from "@/lib/server/options/store";
import type { UpdateOptionInput } from "@/lib/schemas/option";
import { invalidateAllTokens } from "@/lib/server/relay/cache/token-cache";
import { checkOptionWrite } from "@/lib/server/services/options/check-option-write";

export async function updateOption({ key, value }: UpdateOptionInput, actor: { role: number }): Promise<void> {
  checkOptionWrite(key, value, actor.role, await getOptions());
  await setOption(key, value);
  // Group / usable-group changes affect what cached tokens may do.
  if (key === "GroupRatio" || key === "UserUsableGroups") invalidateAllTokens();
}
