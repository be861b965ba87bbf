// The database shape has one source of truth (prisma/schema.prisma). These checks fail when the
// PostgreSQL twin was not regenerated, or when the committed SQLite migrations do not produce exactly
// the schema (someone edited the schema without `prisma migrate dev`, or edited a migration by hand).
// The PostgreSQL migrations get the same check in __tests__/api/migrations.test.ts (PostgreSQL run).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { applySqliteScript, datamodelSql, REPO_ROOT, sqliteStructure } from "@/test-support/schema-snapshot";

const execFileAsync = promisify(execFile);
let dir = "";

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-schema-drift-"));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

test("prisma/postgres/schema.prisma is current (node scripts/pg-schema.mjs --check)", async () => {
  const run = execFileAsync(process.execPath, [path.join(REPO_ROOT, "scripts/pg-schema.mjs"), "--check"], {
    cwd: REPO_ROOT,
  });
  await expect(run).resolves.toBeDefined();
});

test("the committed SQLite migrations produce exactly prisma/schema.prisma", async () => {
  const migrated = path.join(dir, "migrated.db");
  const expected = path.join(dir, "expected.db");
  const url = `file:${migrated}`;
  await execFileAsync(process.execPath, [path.join(REPO_ROOT, "scripts/migrate.mjs")], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: url, DATA_DIR: dir, CHECKPOINT_DISABLE: "1" },
    timeout: 120_000,
  });
  applySqliteScript(expected, await datamodelSql("sqlite", url));

  const actual = sqliteStructure(migrated);
  expect(Object.keys(actual)).toContain("users");
  expect(actual).toEqual(sqliteStructure(expected));
}, 120_000);
