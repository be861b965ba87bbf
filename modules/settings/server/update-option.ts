import "server-only";

// PUT /api/option/: validates one or several options (in order, each against the options as the
// earlier ones leave them), then stores them all, clears secrets whose endpoint moved, writes the
// audit log, and drops the caches that depend on them. The relay reads options from the same
// in-memory map (parsed JSON memoised per value), so a saved option takes effect on the next
// request without a restart.
import { getOptions, optionsOf, setOptions, type ReadonlyOptions } from "@/lib/server/options/store";
import type { UpdateOptionInput } from "@/modules/settings/schemas";
import { invalidateAllTokens } from "@/lib/server/cache/token-cache";
import { checkOptionWrite } from "@/modules/settings/server/check-option-write";
import { isSecretOptionKey } from "@/lib/server/options/defaults";
import { ENDPOINT_SECRETS } from "@/modules/settings/rules/option-access";
import { auditValue, recordAdminAction } from "@/modules/logs/server/usage/record-admin-action";
import type { CurrentUser } from "@/lib/server/auth/current-user";

type Actor = Pick<CurrentUser, "id" | "username" | "role">;

/** Secrets to clear: the endpoint they are sent to changes and the request does not set them. */
function secretsToClear(writes: Map<string, string>, current: ReadonlyOptions): string[] {
  const clear = new Set<string>();
  for (const [endpoint, secret] of Object.entries(ENDPOINT_SECRETS)) {
    if (!writes.has(endpoint) || writes.has(secret)) continue;
    if ((writes.get(endpoint) ?? "").trim() === (current.get(endpoint) ?? "").trim()) continue;
    if ((current.get(secret) ?? "") !== "") clear.add(secret);
  }
  return [...clear];
}

function describeChange(key: string, before: string, after: string): string {
  if (isSecretOptionKey(key)) return `${key}：${after === "" ? "（密钥已清除）" : "（密钥已更新）"}`;
  return `${key}：${auditValue(before)} → ${auditValue(after)}`;
}

export async function updateOptions(entries: UpdateOptionInput, actor: Actor): Promise<void> {
  // A copy: the live map is updated in place by the writes below, and the audit needs the old values.
  const current = optionsOf(await getOptions());
  const next = optionsOf(current);
  for (const { key, value } of entries) {
    checkOptionWrite(key, value, actor.role, next);
    next.set(key, value);
  }
  const writes = new Map(entries.map((e) => [e.key, e.value]));
  for (const secret of secretsToClear(writes, current)) writes.set(secret, "");

  const changed = [...writes].filter(([key, value]) => (current.get(key) ?? "") !== value);
  if (changed.length === 0) return;
  await setOptions(Object.fromEntries(changed));
  await recordAdminAction(
    actor,
    "update_options",
    `修改了设置 ${changed.map(([key, value]) => describeChange(key, current.get(key) ?? "", value)).join("；")}`,
    { keys: changed.map(([key]) => key) },
  );
  // Group / usable-group changes affect what cached tokens may do.
  if (writes.has("GroupRatio") || writes.has("UserUsableGroups")) invalidateAllTokens();
}
