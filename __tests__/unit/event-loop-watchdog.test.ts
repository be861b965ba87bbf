// The event-loop watchdog: a stall past 200 ms is logged with the id of the oldest request in
// flight, and /metrics exports the delay's p50/p99/max.
const warn = jest.fn();
jest.mock("@/lib/server/logger", () => ({ logger: () => ({ warn, info: jest.fn(), error: jest.fn() }) }));

import { beginRequest } from "@/lib/server/in-flight";
import { eventLoopDelay, startEventLoopWatchdog, stopEventLoopWatchdog } from "@/lib/server/metrics/event-loop";
import { createMetrics } from "@/lib/server/metrics/registry";
import { parsePrometheus } from "@/test-support/prom-text";

afterAll(() => stopEventLoopWatchdog());

/** Resolves once cond holds, polling every 20 ms (5 s deadline). */
async function until(cond: () => boolean) {
  const deadline = Date.now() + 5000;
  while (!cond() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

test("a blocked loop is reported with the oldest in-flight request, and exported in /metrics", async () => {
  startEventLoopWatchdog();
  // The histogram has its first sample: its timer is armed, so the hog below lands in it.
  await until(() => eventLoopDelay().max > 0);
  const endOld = beginRequest("req-oldest", "/v1/chat/completions");
  const endNew = beginRequest("req-newer", "/api/status");
  const t0 = Date.now();
  while (Date.now() - t0 < 400); // the hog
  await until(() => warn.mock.calls.length > 0);
  expect(warn).toHaveBeenCalledWith(
    expect.objectContaining({ requestId: "req-oldest", path: "/v1/chat/completions", inFlight: 2 }),
    "event loop blocked",
  );
  expect(warn.mock.calls[0][0].delayMs).toBeGreaterThan(200);
  endOld();
  endNew();

  const m = createMetrics({ redis: false, defaults: false });
  const samples = parsePrometheus(await m.registry.metrics());
  const max = samples.find((s) => s.name === "gateway_event_loop_delay_seconds" && s.labels.stat === "max");
  const p99 = samples.find((s) => s.name === "gateway_event_loop_delay_seconds" && s.labels.stat === "p99");
  expect(max?.value).toBeGreaterThan(0.2);
  expect(p99?.value).toBeGreaterThan(0);
});
