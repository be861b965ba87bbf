// Types of scripts/migrate.mjs (imported by scripts/import-new-api.ts and scripts/bench-import.ts).
export function migrate(options?: { quiet?: boolean }): string;
