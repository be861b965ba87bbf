// Derives prisma/postgres/schema.prisma from prisma/schema.prisma (the source of truth).
// Only the datasource provider and the generated client's folder differ.
// `node scripts/pg-schema.mjs --check` exits 1 when the committed twin is out of date.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const source = path.join(root, "prisma/schema.prisma");
const target = path.join(root, "prisma/postgres/schema.prisma");

export function derivePostgresSchema(text) {
  const banner = "// GENERATED from prisma/schema.prisma by `npm run db:pg-schema`. Do not edit by hand.\n";
  const out = text
    .replace('provider = "sqlite"', 'provider = "postgresql"')
    .replace('output     = "../lib/generated/sqlite"', 'output     = "../../lib/generated/postgres"');
  if (out === text) throw new Error("prisma/schema.prisma does not have the expected datasource/generator");
  return banner + out;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1]);
if (isMain) {
  const wanted = derivePostgresSchema(fs.readFileSync(source, "utf8"));
  const current = fs.existsSync(target) ? fs.readFileSync(target, "utf8") : "";
  if (process.argv.includes("--check")) {
    if (current !== wanted) {
      console.error("prisma/postgres/schema.prisma is out of date: run `npm run db:pg-schema`");
      process.exit(1);
    }
  } else if (current !== wanted) {
    fs.writeFileSync(target, wanted);
    console.error("wrote prisma/postgres/schema.prisma");
  }
}
