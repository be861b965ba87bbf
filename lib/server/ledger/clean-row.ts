import "server-only";

// Text bound for the bookkeeping writer's rows, made storable: PostgreSQL refuses a NUL in text
// ("invalid byte sequence for encoding UTF8: 0x00") and the engines a lone surrogate. Any field of a
// log row can quote client input (error texts quote the model name, the request path), so every
// text field is cleaned before the row is queued: each such character becomes U+FFFD. A row that is
// already clean (nearly all of them) is returned as it is.
import { toWellFormedText, wellFormed } from "@/lib/server/http/input-guard";
import type { LogRow, UsageBucketKey } from "@/lib/server/ledger/bookkeeping";

const LOG_TEXT_FIELDS = ["content", "username", "tokenName", "modelName", "group", "ip", "requestId", "other"] as const;
const KEY_TEXT_FIELDS = ["username", "modelName", "group"] as const;

function cleaned<T extends object>(row: T, fields: readonly (keyof T)[]): T {
  let out: T | null = null;
  for (const f of fields) {
    const v = row[f];
    if (typeof v !== "string" || wellFormed(v)) continue;
    out ??= { ...row };
    out[f] = toWellFormedText(v) as T[typeof f];
  }
  return out ?? row;
}

export const cleanLogRow = (row: LogRow): LogRow => cleaned(row, LOG_TEXT_FIELDS);
export const cleanUsageKey = (key: UsageBucketKey): UsageBucketKey => cleaned(key, KEY_TEXT_FIELDS);
