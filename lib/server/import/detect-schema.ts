import "server-only";

// Which product and generation a source database is, from the tables and columns present (gorm adds
// columns over time and never drops them). docs/import.md "Schema versions" is this table.
import { ImportError } from "@/lib/server/import/import-error";
import type { SourceReader } from "@/lib/server/import/source";

export type Product = "new-api" | "one-api";
export type SourceSchema = {
  product: Product;
  /** A line for the report: the product and the generation recognised. */
  version: string;
  /** Tables present, with their columns. */
  tables: Map<string, Set<string>>;
  has(table: string, column?: string): boolean;
};

const REQUIRED = ["users", "tokens", "channels", "options"] as const;

/** The importer's tables plus those it only counts (docs/import.md "Tables not imported"). */
const KNOWN_TABLES = [
  "users",
  "tokens",
  "channels",
  "abilities",
  "options",
  "redemptions",
  "top_ups",
  "logs",
  "quota_data",
  "checkins",
  "midjourneys",
  "tasks",
  "setups",
  "two_fas",
  "two_fa_backup_codes",
  "passkey_credentials",
  "subscription_plans",
  "user_subscriptions",
  "subscription_orders",
  "subscription_pre_consume_records",
] as const;

export async function detectSchema(source: SourceReader): Promise<SourceSchema> {
  const present = await source.tables();
  for (const table of REQUIRED)
    if (!present.has(table)) throw new ImportError("import_source_not_newapi", { source: source.label, table });
  const tables = new Map<string, Set<string>>();
  for (const table of KNOWN_TABLES) if (present.has(table)) tables.set(table, await source.columns(table));
  const has = (table: string, column?: string) => {
    const cols = tables.get(table);
    return !!cols && (column === undefined || cols.has(column));
  };
  if (!has("users", "password") || !has("tokens", "key") || !has("channels", "key"))
    throw new ImportError("import_source_not_newapi", {
      source: source.label,
      table: "users.password / tokens.key / channels.key",
    });
  const newApi = has("tokens", "model_limits") || has("users", "linux_do_id") || has("users", "setting");
  const version = !newApi
    ? has("tokens", "subnet")
      ? "one-api (tokens.subnet)"
      : "one-api (older)"
    : has("users", "auth_version")
      ? "new-api >= 0.9 (users.auth_version)"
      : has("channels", "channel_info")
        ? "new-api >= 0.8.5 (channels.channel_info)"
        : has("checkins")
          ? "new-api (check-ins)"
          : "new-api (before 0.8.5)";
  return { product: newApi ? "new-api" : "one-api", version, tables, has };
}
