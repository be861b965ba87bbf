// Probes GET /api/status back to back from a worker thread, between start() and stop(). The worker
// has its own event loop, so only the gateway is measured: the mock upstreams and the client that
// serialises a large prompt in the test's thread cannot delay a probe.
import { Worker } from "node:worker_threads";

export type Probe = { ms: number; status: number };

const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const probes = [];
let running = false;
async function once(record) {
  const t0 = performance.now();
  const res = await fetch(workerData.url + "/api/status");
  await res.arrayBuffer();
  if (record) probes.push({ ms: performance.now() - t0, status: res.status });
}
parentPort.on("message", async (m) => {
  if (m === "stop") return void (running = false);
  running = true;
  while (running) await once(true);
  parentPort.postMessage(probes);
});
// One unrecorded probe first: the worker's own start-up (connection, fetch) is not the gateway's.
once(false).then(() => parentPort.postMessage("ready"), (err) => parentPort.postMessage(String(err)));
`;

export type StatusProbe = { start: () => void; stop: () => Promise<Probe[]> };

export async function startStatusProbe(url: string): Promise<StatusProbe> {
  const worker = new Worker(WORKER, { eval: true, workerData: { url } });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
  const ready = await next();
  if (ready !== "ready") {
    await worker.terminate();
    throw new Error(`status probe did not start: ${String(ready)}`);
  }
  return {
    start: () => worker.postMessage("start"),
    stop: async () => {
      const probes = next();
      worker.postMessage("stop");
      try {
        return (await probes) as Probe[];
      } finally {
        await worker.terminate();
      }
    },
  };
}
