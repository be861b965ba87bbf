// The gateway processes of a cluster test that startGateway has not handed out yet (still starting),
// found through /proc (Linux), so cleanup on a signal leaves no orphan.
import fs from "node:fs";

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
      if (
        ppid === process.pid &&
        /scripts\/serve\.mjs|gateway\/server\.mjs/.test(fs.readFileSync(`/proc/${entry}/cmdline`, "utf8"))
      )
        found.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}
