// Migrates the test templates once per run (see test-support/db-template.ts): the SQLite file,
// and the PostgreSQL template database when TEST_DATABASE_URL names a PostgreSQL server.
import { tsImport } from "tsx/esm/api";

const started = Date.now();
const t = await tsImport("../test-support/db-template.ts", import.meta.url);
const done = [await t.sqliteTemplate()];
const pg = process.env.TEST_DATABASE_URL;
if (pg && /^postgres(ql)?:\/\//i.test(pg)) done.push(await t.postgresTemplate(pg));
process.stdout.write(`templates ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${done.join(", ")}\n`);
