// Running the importer from a test: the command in-process (its output captured), a fresh SQLite
// target beside the test's own database, and row counts of a target.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { importCommand, type CommandIo } from "@/lib/server/import/import-command";
import { copySqliteTemplate } from "../../test-support/db-template";
import { createSqliteFixture, type FixtureOptions } from "./new-api-fixture";

export type CommandResult = { code: number; out: string[]; err: string[] };

/** `npm run import:new-api -- <argv>` in-process; the test database is migrated already. */
export async function runCommand(
  argv: readonly string[],
  locale: "en" | "zh" = "en",
  extra: Pick<CommandIo, "progress" | "signal"> = {},
): Promise<CommandResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await importCommand(argv, {
    locale,
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    migrate: () => undefined,
    ...extra,
  });
  return { code, out, err };
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "gateway-import-"));
}

/** A new-api (or one-api) fixture file in `dir`, with `edit` applied to it (corrupt rows). */
export function fixtureFile(dir: string, o: FixtureOptions = {}, edit?: (db: Database.Database) => void): string {
  const file = path.join(dir, `${o.product ?? "new-api"}-${Math.random().toString(36).slice(2)}.db`);
  createSqliteFixture(file, o);
  if (edit) {
    const db = new Database(file);
    edit(db);
    db.close();
  }
  return file;
}

/** A fresh, migrated target database file (a copy of the test template). */
export async function freshTarget(dir: string): Promise<string> {
  const file = path.join(dir, `target-${Math.random().toString(36).slice(2)}.db`);
  await copySqliteTemplate(file);
  return file;
}

/** Row counts of every table the importer writes. */
export function counts(file: string): Record<string, number> {
  const db = new Database(file, { readonly: true });
  try {
    const tables = [
      "users",
      "tokens",
      "channels",
      "abilities",
      "redemptions",
      "logs",
      "quota_data",
      "setups",
      "options",
      "subscription_plans",
      "user_subscriptions",
      "subscription_orders",
    ];
    return Object.fromEntries(
      tables.map((t) => [t, (db.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n]),
    );
  } finally {
    db.close();
  }
}
