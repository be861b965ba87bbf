// postinstall / db:generate: keeps the PostgreSQL schema twin current and generates both Prisma
// clients (lib/generated/{sqlite,postgres}). `prisma generate` needs no database, but the CLI must
// see a DATABASE_URL or it tries to download an engine binary.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const prisma = path.join(root, "node_modules", "prisma", "build", "index.js");
execFileSync(process.execPath, [path.join(root, "scripts/pg-schema.mjs")], { stdio: "inherit", cwd: root });
for (const [url, schema] of [
  ["file:./data/gateway.db", "prisma/schema.prisma"],
  ["postgresql://localhost/placeholder", "prisma/postgres/schema.prisma"],
]) {
  execFileSync(process.execPath, [prisma, "generate", "--schema", schema], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
  });
}
