// Inserts rows straight into the e2e server's database, for tables only the relay fills (drawing
// tasks, task records, old logs). Run by seedRows() in support.mjs as
//   node --import ./scripts/server-only-hook.mjs --import tsx __tests__/e2e/seed-rows.ts  < {"midjourney": [...], "task": [...]}
// with the server's DATA_DIR / DATABASE_URL, so it works on SQLite and PostgreSQL alike. Row fields
// are Prisma's (camelCase); BigInt columns take plain numbers.
import { db, disconnectDb } from "@/lib/server/db";

const SEEDABLE = ["midjourney", "task", "log"] as const;
type Seedable = (typeof SEEDABLE)[number];

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

async function main() {
  const input = JSON.parse(await readStdin()) as Partial<Record<Seedable, Record<string, unknown>[]>>;
  for (const table of SEEDABLE) {
    const rows = input[table];
    if (!rows?.length) continue;
    // createMany's data type differs per table; the rows were written for that table's columns.
    const delegate = db()[table] as unknown as { createMany: (a: { data: unknown[] }) => Promise<unknown> };
    await delegate.createMany({ data: rows });
  }
  await disconnectDb();
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
  process.exit(1);
});
