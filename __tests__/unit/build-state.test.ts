// Whether `npm start` (and the test runners) rebuild: a source newer than the build marks it stale,
// the relay and the HTTP edge included (they left lib/ for relay/ and server/, issue 37).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const stateModule = path.join(__dirname, "../../scripts/build-state.mjs");

/** needsBuild(root) of scripts/build-state.mjs, run by node itself (the script is an ES module). */
function needsBuild(root: string): boolean {
  const code = `import { needsBuild } from ${JSON.stringify(stateModule)}; process.stdout.write(String(needsBuild(${JSON.stringify(root)})));`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", code], { encoding: "utf8" }) === "true";
}

test.each(["lib/server/x.ts", "relay/entry/handler.ts", "server/main.ts"])(
  "a newer %s makes the build stale",
  (file) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "build-state-"));
    try {
      const past = new Date(Date.now() - 60_000);
      for (const f of [file, ".next/BUILD_ID", ".next/gateway/server.mjs"]) {
        fs.mkdirSync(path.dirname(path.join(root, f)), { recursive: true });
        fs.writeFileSync(path.join(root, f), "x");
      }
      // The build after the source: fresh.
      fs.utimesSync(path.join(root, file), past, past);
      for (let d = path.dirname(file); d !== "."; d = path.dirname(d)) fs.utimesSync(path.join(root, d), past, past);
      expect(needsBuild(root)).toBe(false);
      // The source edited after the build: stale.
      fs.utimesSync(path.join(root, file), new Date(), new Date(Date.now() + 1000));
      expect(needsBuild(root)).toBe(true);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  },
);
