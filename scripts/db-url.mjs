// Resolves DATABASE_URL exactly as lib/env.ts does, for scripts that run before the app.
import path from "node:path";

export function resolveDataDir() {
  return path.resolve(process.env.DATA_DIR || "./data");
}

export function resolveDatabaseUrl() {
  return process.env.DATABASE_URL || `file:${path.join(resolveDataDir(), "gateway.db")}`;
}

export function isPostgresUrl(url) {
  return /^postgres(ql)?:\/\//i.test(url);
}
