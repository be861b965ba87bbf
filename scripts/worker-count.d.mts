// Types of scripts/worker-count.mjs (imported by the unit tests).
export function cgroupCpuLimit(read?: (path: string) => string): number | null;
export function resolveWorkers(raw?: string, cores?: number, limit?: number | null): number;
