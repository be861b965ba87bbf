// Types of scripts/worker-count.mjs (imported by the unit tests).
export function cgroupCpuLimit(read?: (path: string) => string): number | null;
export const MB_PER_WORKER: number;
export function cgroupMemoryLimitMb(read?: (path: string) => string): number | null;
export function resolveWorkers(
  raw?: string,
  cores?: number,
  cpuLimit?: number | null,
  memoryMb?: number | null,
): number;
