// How many processes `WORKERS` unset (or 0) means: one per core this process may use. Node counts the
// cores of its CPU affinity (os.availableParallelism), not a container's limits: with `docker run
// --cpus 2` or a Kubernetes CPU limit on a 64-core host it answers 64, and 64 processes of ~140 MB each
// would be started for 2 cores' worth of time. The CPU limit is a CFS quota in the cgroup (v2:
// cpu.max, v1: cpu.cfs_quota_us / cpu.cfs_period_us); whole cores of it count, at least one. A memory
// limit (v2: memory.max, v1: memory.limit_in_bytes) caps the count too, at MB_PER_WORKER each (the
// primary serves too): more processes than the memory holds would be killed by the OOM killer and
// replaced, over and over. scripts/serve.mjs resolves the number once and hands it on in WORKERS.
import fs from "node:fs";
import os from "node:os";

const readText = (p) => fs.readFileSync(p, "utf8");

/**
 * The folders to look in for one controller's settings, the process's own cgroup first
 * (/proc/self/cgroup: "0::/path" on v2, "N:cpu,cpuacct:/path" on v1), then the mount's root (inside a
 * container the mount usually is the container's cgroup).
 */
function cgroupDirs(read, v1Controller) {
  let own = null;
  try {
    for (const line of read("/proc/self/cgroup").split("\n")) {
      const [, controllers, dir] = line.split(":");
      if (dir === undefined) continue;
      if (v1Controller ? controllers.split(",").includes(v1Controller) : controllers === "") own = dir;
      if (own) break;
    }
  } catch {
    // no /proc: the roots only
  }
  const mounts = v1Controller
    ? [`/sys/fs/cgroup/${v1Controller}`, ...(v1Controller === "cpu" ? ["/sys/fs/cgroup/cpu,cpuacct"] : [])]
    : ["/sys/fs/cgroup"];
  const dirs = [];
  for (const m of mounts) {
    if (own && own !== "/") dirs.push(m + own);
    dirs.push(m);
  }
  return dirs;
}

function firstReadable(read, files) {
  for (const f of files) {
    try {
      return read(f).trim();
    } catch {
      // not this one
    }
  }
  return null;
}

/** Cores granted by the cgroup's CPU quota (fractional), or null when there is none or it is unreadable. */
export function cgroupCpuLimit(read = readText) {
  const v2 = firstReadable(
    read,
    cgroupDirs(read, null).map((d) => `${d}/cpu.max`),
  );
  if (v2 !== null) {
    const [quota, period] = v2.split(/\s+/);
    const q = Number(quota);
    const p = Number(period);
    return quota !== "max" && q > 0 && p > 0 ? q / p : null;
  }
  for (const dir of cgroupDirs(read, "cpu")) {
    const q = Number(firstReadable(read, [`${dir}/cpu.cfs_quota_us`]));
    const p = Number(firstReadable(read, [`${dir}/cpu.cfs_period_us`]));
    if (q > 0 && p > 0) return q / p;
  }
  return null;
}

/**
 * What a serving process may come to (README "Sizing": V8's heap and the rest, under load). The
 * primary serves too, with the ledger and the bookkeeping of all of them on top.
 */
export const MB_PER_WORKER = 256;

/** The cgroup's memory limit in MB, or null when there is none (v1 reports "none" as a huge number). */
export function cgroupMemoryLimitMb(read = readText) {
  const text =
    firstReadable(
      read,
      cgroupDirs(read, null).map((d) => `${d}/memory.max`),
    ) ??
    firstReadable(
      read,
      cgroupDirs(read, "memory").map((d) => `${d}/memory.limit_in_bytes`),
    );
  if (text === null) return null;
  const bytes = Number(text);
  return text === "max" || !(bytes > 0) || bytes >= 2 ** 60 ? null : bytes / 2 ** 20;
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
  if (memoryMb !== null) n = Math.min(n, Math.floor(memoryMb / MB_PER_WORKER));
  return Math.max(1, n);
}
