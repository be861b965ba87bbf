import "server-only";

// PUT /api/option/: validates one or several options (in order, each against the options as the
// earlier ones leave them), then stores them all, writes the audit log, and drops the caches that
// depend on them. The relay reads options from the same in-memory map (parsed JSON memoised per
// value), so a saved option takes effect on the next request without a restart.
// A moved endpoint (SMTPServer, PayAddress, …) does not clear its secret (issue 36): only root may
// write either, and the console saves one key per call, so clearing lost the secret root had just
// typed while protecting nothing from the only person who can write both.
import { getOptions, optionsOf, setOptions } from "@/lib/server/options/store";
import type { UpdateOptionInput } from "@/modules/settings/schemas";
import { invalidateAllTokens } from "@/lib/server/cache/token-cache";
import { checkOptionWrite } from "@/modules/settings/server/check-option-write";
import { isSecretOptionKey } from "@/lib/server/options/defaults";
import { auditValue, recordAdminAction } from "@/lib/server/ledger/journal";
import type { CurrentUser } from "@/lib/server/auth/current-user";

type Actor = Pick<CurrentUser, "id" | "username" | "role">;

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
