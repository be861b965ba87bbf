// The gateway processes of a cluster test, found through /proc (Linux): startGateway does not hand
// out its child, and kill -9 / cleanup on a signal need the pids.
import fs from "node:fs";

/** The pid of the gateway serving from this data folder (its environment names the folder). */
export function gatewayPid(dataDir: string): number {
  const marker = `DATA_DIR=${dataDir}\0`;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (!cmdline.includes("server.mjs")) continue;
      const environ = fs.readFileSync(`/proc/${entry}/environ`, "utf8");
      if (environ.startsWith(marker) || environ.includes(`\0${marker}`)) return Number(entry);
    } catch {
      // the process ended meanwhile, or is not ours
    }
  }
  throw new Error(`no gateway process found for ${dataDir}`);
}

/** Gateway processes whose parent is this process. */
export function gatewayChildren(): number[] {
  const found: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(
        fs
          .readFileSync(`/proc/${entry}/stat`, "utf8")
          .replace(/^.*\) \S+ /, "")
          .split(" ")[0],
      );
      if (ppid === process.pid && fs.readFileSync(`/proc/${entry}/cmdline`, "utf8").includes("server.mjs"))
        found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

export function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}
