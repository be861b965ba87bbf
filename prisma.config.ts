// Prisma CLI configuration. Uses the JavaScript schema engine over our driver adapters, so
// `prisma migrate deploy` runs fully offline (no engine binary download; see stack-notes).
// The schema (SQLite or its PostgreSQL twin) is picked from DATABASE_URL, which must be set:
// scripts/migrate.mjs sets it to the same default the app uses.
import path from "node:path";
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";

const url = process.env.DATABASE_URL ?? "";
const isPostgres = /^postgres(ql)?:\/\//i.test(url);

// adapter-pg 6.19 cannot deserialise some catalog column types that the schema engine reads
// (name, char, regproc, ...); report them as text / text[] so migrate works.
const TEXT_OIDS = new Set([18, 19, 24, 28, 194, 2205, 2206]);
const TEXT_ARRAY_OIDS = new Set([1002, 1003]);
type Fields = { fields?: { dataTypeID: number }[] };
function fixFields<T>(result: T): T {
  for (const f of (result as Fields)?.fields ?? []) {
    if (TEXT_OIDS.has(f.dataTypeID)) f.dataTypeID = 25;
    else if (TEXT_ARRAY_OIDS.has(f.dataTypeID)) f.dataTypeID = 1009;
  }
  return result;
}
// Patch the adapter's own query class (transactions share it) rather than `pg`, which the
// config loader may resolve to a different module instance than adapter-pg does.
type Queryable = { performIO: (q: unknown) => Promise<unknown>; __fixed?: boolean };
async function postgresAdapter() {
  // allowExitOnIdle: an idle pool otherwise keeps every CLI run alive for pg's 10 s idle timeout
  // after the work is done (`migrate diff` took 11 s instead of 2 s).
  const factory = new PrismaPg({ connectionString: url, max: 2, allowExitOnIdle: true });
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    let proto = Object.getPrototypeOf(adapter) as Queryable | null;
    while (proto && !Object.prototype.hasOwnProperty.call(proto, "performIO")) proto = Object.getPrototypeOf(proto);
    if (proto && !proto.__fixed) {
      const original = proto.performIO;
      proto.performIO = async function (this: unknown, q: unknown) {
        return fixFields(await original.call(this, q));
      };
      proto.__fixed = true;
    }
    return adapter;
  };
  return factory;
}

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: isPostgres ? path.join("prisma", "postgres", "schema.prisma") : path.join("prisma", "schema.prisma"),
  migrations: {
    path: isPostgres ? path.join("prisma", "postgres", "migrations") : path.join("prisma", "migrations"),
  },
  async adapter() {
    if (isPostgres) return postgresAdapter();
    return new PrismaBetterSQLite3({ url }, { shadowDatabaseUrl: ":memory:" });
  },
});
