// The committed migrations of the database under test (SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is postgres://) are all applied and produce exactly the Prisma datamodel.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { db } from "@/lib/server/db";
import { testDatabaseKind, setupApiHarness } from "@/test-support/api/harness";
import {
  applyPostgresScript,
  applySqliteScript,
  datamodelSql,
  postgresStructure,
  REPO_ROOT,
  sqliteStructure,
} from "@/test-support/schema-snapshot";

const harness = setupApiHarness();
const kind = testDatabaseKind();
const MIGRATIONS_DIR = path.join(REPO_ROOT, kind === "postgres" ? "prisma/postgres/migrations" : "prisma/migrations");

test(`every committed ${kind} migration is recorded as applied`, async () => {
  const committed = fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  expect(committed.length).toBeGreaterThan(0);
  const rows = await db().$queryRawUnsafe<{ migration_name: string; finished_at: unknown; rolled_back_at: unknown }[]>(
    "SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name",
  );
  expect(rows.map((r) => r.migration_name)).toEqual(committed);
  for (const r of rows) {
    expect(r.finished_at).not.toBeNull();
    expect(r.rolled_back_at).toBeNull();
  }
});

test(`the ${kind} migrations produce exactly the Prisma datamodel`, async () => {
  const sql = await datamodelSql(kind, harness.databaseUrl);
  if (kind === "sqlite") {
    const expected = path.join(harness.dataDir, "expected.db");
    applySqliteScript(expected, sql);
    const actual = sqliteStructure(harness.databaseUrl.replace(/^file:/, ""));
    expect(Object.keys(actual)).toContain("users");
    expect(actual).toEqual(sqliteStructure(expected));
    return;
  }
  // PostgreSQL: build the expected schema in a sibling database on the same server.
  const server = new URL(process.env.TEST_DATABASE_URL!);
  const name = `expected_${randomBytes(6).toString("hex")}`;
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const expectedUrl = new URL(server.toString());
    expectedUrl.pathname = `/${name}`;
    await applyPostgresScript(expectedUrl.toString(), sql);
    const actual = await postgresStructure(harness.databaseUrl);
    expect(Object.keys(actual)).toContain("users");
    expect(actual).toEqual(await postgresStructure(expectedUrl.toString()));
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}, 120_000);
