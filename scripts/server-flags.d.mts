// Types of scripts/server-flags.mjs (imported by the unit tests).
export const MALLOC_ARENAS: string;
export const SERVER_SEMI_SPACE_MB: number;
export function serverV8Flags(env?: NodeJS.ProcessEnv): string[];
