// Types of scripts/server-flags.mjs (imported by the primary and the unit tests).
export const MALLOC_ARENAS: string;
export const SERVER_SEMI_SPACE_MB: number;
export const PRIMARY_SEMI_SPACE_MB: number;
export function startRole(env?: NodeJS.ProcessEnv): "primary" | "server";
export function serverV8Flags(env?: NodeJS.ProcessEnv, role?: "primary" | "server"): string[];
