// How many processes `WORKERS` unset (or 0) means: one per core this process may use. Node counts the
// cores of its CPU affinity (os.availableParallelism), not a container's CPU limit: with `docker run
// --cpus 2` or a Kubernetes CPU limit on a 64-core host it answers 64, and 64 workers of ~140 MB each
// would be started for 2 cores' worth of time. The limit is a CFS quota in the cgroup (v2: cpu.max,
// v1: cpu.cfs_quota_us / cpu.cfs_period_us); whole cores of it count, at least one.
// scripts/serve.mjs resolves the number once and hands it on in WORKERS.
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

/** WORKERS as configured, or one per usable core when it is unset or 0. */
export function resolveWorkers(raw = process.env.WORKERS, cores = os.availableParallelism(), limit = cgroupCpuLimit()) {
  const set = (raw ?? "").trim();
  if (set !== "" && set !== "0") return Number(set);
  return limit === null ? cores : Math.max(1, Math.min(cores, Math.floor(limit)));
}
