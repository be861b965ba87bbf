import { cgroupCpuLimit, cgroupMemoryLimitMb, resolveWorkers } from "@/scripts/worker-count.mjs";

/** A fake /sys: the files given exist, every other read fails like a missing file. */
const files = (map: Record<string, string>) => (p: string) => {
  if (p in map) return map[p]!;
  throw Object.assign(new Error(`ENOENT: ${p}`), { code: "ENOENT" });
};

describe("cgroupCpuLimit", () => {
  test("cgroup v2: quota / period, none when 'max'", () => {
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "200000 100000\n" }))).toBe(2);
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "150000 100000" }))).toBe(1.5);
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "max 100000" }))).toBeNull();
  });

  test("cgroup v1: cfs quota / period, none when -1; nothing readable: none", () => {
    const v1 = (q: string) =>
      files({ "/sys/fs/cgroup/cpu/cpu.cfs_quota_us": q, "/sys/fs/cgroup/cpu/cpu.cfs_period_us": "100000" });
    expect(cgroupCpuLimit(v1("300000"))).toBe(3);
    expect(cgroupCpuLimit(v1("-1"))).toBeNull();
    expect(
      cgroupCpuLimit(
        files({
          "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_quota_us": "50000",
          "/sys/fs/cgroup/cpu,cpuacct/cpu.cfs_period_us": "100000",
        }),
      ),
    ).toBe(0.5);
    expect(cgroupCpuLimit(files({}))).toBeNull();
    expect(cgroupCpuLimit(files({ "/sys/fs/cgroup/cpu.max": "garbage" }))).toBeNull();
  });

  test("the process's own cgroup (/proc/self/cgroup) before the mount's root", () => {
    expect(
      cgroupCpuLimit(
        files({
          "/proc/self/cgroup": "0::/system.slice/gateway.service\n",
          "/sys/fs/cgroup/system.slice/gateway.service/cpu.max": "300000 100000",
          "/sys/fs/cgroup/cpu.max": "max 100000",
        }),
      ),
    ).toBe(3);
    expect(
      cgroupCpuLimit(
        files({
          "/proc/self/cgroup": "4:memory:/a\n3:cpu,cpuacct:/pod/x\n",
          "/sys/fs/cgroup/cpu,cpuacct/pod/x/cpu.cfs_quota_us": "200000",
          "/sys/fs/cgroup/cpu,cpuacct/pod/x/cpu.cfs_period_us": "100000",
        }),
      ),
    ).toBe(2);
    expect(
      cgroupMemoryLimitMb(
        files({
          "/proc/self/cgroup": "4:memory:/a\n3:cpu,cpuacct:/pod/x\n",
          "/sys/fs/cgroup/memory/a/memory.limit_in_bytes": "268435456",
          "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712",
        }),
      ),
    ).toBe(256);
  });
});

describe("cgroupMemoryLimitMb", () => {
  test("v2 memory.max, v1 limit_in_bytes; none when 'max', v1's huge 'unlimited' or unreadable", () => {
    expect(cgroupMemoryLimitMb(files({ "/sys/fs/cgroup/memory.max": "1073741824\n" }))).toBe(1024);
    expect(cgroupMemoryLimitMb(files({ "/sys/fs/cgroup/memory.max": "max" }))).toBeNull();
    expect(cgroupMemoryLimitMb(files({ "/sys/fs/cgroup/memory/memory.limit_in_bytes": "536870912" }))).toBe(512);
    expect(
      cgroupMemoryLimitMb(files({ "/sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712" })),
    ).toBeNull();
    expect(cgroupMemoryLimitMb(files({}))).toBeNull();
  });
});

describe("resolveWorkers", () => {
  test("a set WORKERS wins over cores and limits", () => {
    expect(resolveWorkers("3", 64, 2, 300)).toBe(3);
    expect(resolveWorkers(" 1 ", 8, null)).toBe(1);
  });

  test("unset or 0: the usable cores, whole cores of a container's CPU limit, at least one", () => {
    expect(resolveWorkers(undefined, 8, null)).toBe(8);
    expect(resolveWorkers("", 64, 2)).toBe(2);
    expect(resolveWorkers("0", 64, 2.5)).toBe(2);
    expect(resolveWorkers("0", 64, 0.5)).toBe(1);
    // A limit above the cores of the affinity mask changes nothing.
    expect(resolveWorkers(undefined, 4, 16)).toBe(4);
  });

  test("a memory limit caps them at 256 MB each (the primary is one of them), at least one", () => {
    expect(resolveWorkers(undefined, 8, null, 1024)).toBe(4);
    expect(resolveWorkers(undefined, 8, null, 1000)).toBe(3);
    expect(resolveWorkers(undefined, 8, 2, 4096)).toBe(2);
    expect(resolveWorkers("0", 4, null, 511)).toBe(1);
    expect(resolveWorkers("", 4, null, 128)).toBe(1);
  });
});
