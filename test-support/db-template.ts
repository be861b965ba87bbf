// One migration per run: the committed migrations are applied once, with the real migration script
// (scripts/migrate.mjs, as `npm run db:migrate` and `npm start` apply them), into a template; every
// test database is then a copy of it.
//  - SQLite: a migrated file in the temp folder, named after a hash of the migrations, copied per test.
//  - PostgreSQL: a database `tmpl_<hash>` on the test server, cloned by CREATE DATABASE … TEMPLATE.
// The hash covers both migration folders and the migrate script, so a changed migration gets a new
// template and a stale one is never reused. scripts/test.sh prepares both before jest starts
// (scripts/prepare-test-templates.mjs); a single test file run by hand creates them on first use.
// The templates also hold TEST_OPTIONS (the hash covers this file): the suites' mock upstreams listen
// on 127.0.0.1, which a fresh installation refuses as a channel address.
import { createHash, randomBytes } from "node:crypto";
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { Client } from "pg";

const execFileAsync = promisify(execFile);
// (from __filename: tsx's tsImport, used by the e2e runner, sets __filename but not __dirname)
const ROOT = path.resolve(path.dirname(__filename), "..");
const HASHED = [
  "prisma/migrations",
  "prisma/postgres/migrations",
  "scripts/migrate.mjs",
  "prisma.config.ts",
  "test-support/db-template.ts",
];

/** Options every test database starts with (a test that needs the product default deletes the row). */
export const TEST_OPTIONS: Readonly<Record<string, string>> = {
  // Loopback mock upstreams are the suites' channels; off by default in the product (review 3 N10).
  ChannelPrivateAddressEnabled: "true",
};
const INSERT_OPTION = 'INSERT INTO "options" ("key", "value") VALUES ';

function hashTree(hash: ReturnType<typeof createHash>, p: string): void {
  const st = fs.statSync(p);
  if (!st.isDirectory()) {
    hash.update(path.relative(ROOT, p)).update("\0").update(fs.readFileSync(p)).update("\0");
    return;
  }
  for (const entry of fs.readdirSync(p).sort()) hashTree(hash, path.join(p, entry));
}

let cachedHash: string | undefined;
/** A short hash of everything that decides the migrated schema. */
export function migrationsHash(): string {
  if (!cachedHash) {
    const hash = createHash("sha256");
    for (const p of HASHED) hashTree(hash, path.join(ROOT, p));
    cachedHash = hash.digest("hex").slice(0, 12);
  }
  return cachedHash;
}

async function runMigrations(databaseUrl: string, dataDir: string): Promise<void> {
  await execFileAsync(process.execPath, [path.join(ROOT, "scripts/migrate.mjs")], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, CHECKPOINT_DISABLE: "1" },
    timeout: 180_000,
  });
}

/** The migrated SQLite template file, created (atomically: temp file + rename) when missing. */
export async function sqliteTemplate(): Promise<string> {
  const dir = path.join(os.tmpdir(), "gateway-test-templates");
  const file = path.join(dir, `sqlite-${migrationsHash()}.db`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const work = fs.mkdtempSync(path.join(dir, "building-"));
  try {
    const db = path.join(work, "template.db");
    await runMigrations(`file:${db}`, work);
    const sqlite = new Database(db);
    try {
      const insert = sqlite.prepare(`${INSERT_OPTION}(?, ?)`);
      for (const [key, value] of Object.entries(TEST_OPTIONS)) insert.run(key, value);
    } finally {
      sqlite.close();
    }
    // The migration leaves no -wal/-shm files (it never switches to WAL), so one file is the database.
    fs.renameSync(db, file);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return file;
}

/** Copies the migrated template to `file` (a new, empty test database). */
export async function copySqliteTemplate(file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.copyFileSync(await sqliteTemplate(), file);
}

function withDatabase(serverUrl: string, name: string): string {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(serverUrl: string, work: (c: Client) => Promise<T>): Promise<T> {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}

/** The name of the migrated PostgreSQL template database on this server, created when missing. */
export async function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `tmpl_${migrationsHash()}`;
  const exists = await onServer(serverUrl, async (c) => {
    const r = await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    return r.rowCount === 1;
  });
  if (exists) return name;
  // Build under a temporary name, then rename: a template is visible only once fully migrated.
  const building = `${name}_${randomBytes(4).toString("hex")}`;
  await onServer(serverUrl, (c) => c.query(`CREATE DATABASE "${building}"`));
  try {
    await runMigrations(withDatabase(serverUrl, building), os.tmpdir());
    await onServer(withDatabase(serverUrl, building), async (c) => {
      for (const [key, value] of Object.entries(TEST_OPTIONS)) await c.query(`${INSERT_OPTION}($1, $2)`, [key, value]);
    });
    await onServer(serverUrl, (c) => c.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`));
  } catch (err) {
    await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${building}" WITH (FORCE)`));
    // Another process finished the same template first: use theirs.
    const raced = await onServer(serverUrl, async (c) => {
      return (await c.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])).rowCount === 1;
    });
    if (!raced) throw err;
  }
  return name;
}

/**
 * Creates database `name` on the server as a copy of the migrated template and answers its URL.
 * PostgreSQL refuses a template that has a session open; retried briefly for a template being renamed.
 */
export async function createPostgresFromTemplate(serverUrl: string, name: string): Promise<string> {
  const template = await postgresTemplate(serverUrl);
  await onServer(serverUrl, async (c) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`);
        return;
      } catch (err) {
        if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  });
  return withDatabase(serverUrl, name);
}

/** Drops a test database made by createPostgresFromTemplate. */
export async function dropPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  await onServer(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
