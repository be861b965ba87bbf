// How many processes `WORKERS` unset (or 0) means: one per core this process may use. Node counts the
// cores of its CPU affinity (os.availableParallelism), not a container's limits: with `docker run
// --cpus 2` or a Kubernetes CPU limit on a 64-core host it answers 64, and 64 workers of ~140 MB each
// would be started for 2 cores' worth of time. The CPU limit is a CFS quota in the cgroup (v2:
// cpu.max, v1: cpu.cfs_quota_us / cpu.cfs_period_us); whole cores of it count, at least one. A memory
// limit (v2: memory.max, v1: memory.limit_in_bytes) caps the count too, at MB_PER_WORKER each beside
// the primary: more workers than the memory holds would be killed by the OOM killer and replaced, over
// and over. scripts/serve.mjs resolves the number once and hands it on in WORKERS.
import fs from "node:fs";
import os from "node:os";

/** Cores granted by the cgroup's CPU quota (fractional), or null when there is none or it is unreadable. */
export function cgroupCpuLimit(read = (p) => fs.readFileSync(p, "utf8")) {
  const tryRead = (p) => {
    try {
      return read(p).trim();
    } catch {
      return null;
    }
  };
  const v2 = tryRead("/sys/fs/cgroup/cpu.max");
  if (v2 !== null) {
    const [quota, period] = v2.split(/\s+/);
    const q = Number(quota);
    const p = Number(period);
    return quota !== "max" && q > 0 && p > 0 ? q / p : null;
  }
  for (const dir of ["/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"]) {
    const q = Number(tryRead(`${dir}/cpu.cfs_quota_us`));
    const p = Number(tryRead(`${dir}/cpu.cfs_period_us`));
    if (q > 0 && p > 0) return q / p;
  }
  return null;
}

/** What a worker process may come to (README "Sizing": V8's heap and the rest, under load). */
export const MB_PER_WORKER = 256;
/** The primary beside the workers (about 90 MB resident under load), with room. */
const PRIMARY_MB = 128;

/** The cgroup's memory limit in MB, or null when there is none (v1 reports "none" as a huge number). */
export function cgroupMemoryLimitMb(read = (p) => fs.readFileSync(p, "utf8")) {
  for (const file of ["/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]) {
    let text;
    try {
      text = read(file).trim();
    } catch {
      continue;
    }
    const bytes = Number(text);
    return text === "max" || !(bytes > 0) || bytes >= 2 ** 60 ? null : bytes / 2 ** 20;
  }
  return null;
}

/** WORKERS as configured, or one per usable core (within the memory limit) when it is unset or 0. */
export function resolveWorkers(
  raw = process.env.WORKERS,
  cores = os.availableParallelism(),
  cpuLimit = cgroupCpuLimit(),
  memoryMb = cgroupMemoryLimitMb(),
) {
  const set = (raw ?? "").trim();
  if (set !== "" && set !== "0") return Number(set);
  let n = cpuLimit === null ? cores : Math.min(cores, Math.floor(cpuLimit));
  if (memoryMb !== null) n = Math.min(n, Math.floor((memoryMb - PRIMARY_MB) / MB_PER_WORKER));
  return Math.max(1, n);
}
