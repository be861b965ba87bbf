// Structured JSON logs: every line is one JSON object with the instance and service, lines of a
// request carry its id (reqId) — through requestLogger(id), or, inside withRequestId(), from any
// code that logs meanwhile, awaited work included — and secrets are redacted.
import { Writable } from "node:stream";
import type { Logger } from "pino";
import { createLogger, logger, requestLogger, withRequestId } from "@/lib/server/logger";

const g = globalThis as unknown as { __gatewayLogger?: Logger };
let lines: string[] = [];
let saved: Logger | undefined;

beforeEach(() => {
  lines = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  saved = g.__gatewayLogger;
  g.__gatewayLogger = createLogger({ level: "info", node: "node-a" }, sink);
});

afterEach(() => {
  g.__gatewayLogger = saved;
});

const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

test("requestLogger lines are JSON with reqId, node and service", () => {
  requestLogger("20250101000000abcdef000001").error({ path: "/v1/chat/completions" }, "relay internal error");
  expect(parsed()).toEqual([
    expect.objectContaining({
      level: 50,
      reqId: "20250101000000abcdef000001",
      node: "node-a",
      service: "gateway",
      path: "/v1/chat/completions",
      msg: "relay internal error",
    }),
  ]);
});

test("inside withRequestId every line gets the id, across awaits; outside none", async () => {
  await withRequestId("req-1", async () => {
    logger().warn("before");
    await new Promise((r) => setTimeout(r, 5));
    logger().warn({ userId: 3 }, "after an await");
  });
  logger().info("unrelated");
  const [a, b, c] = parsed();
  expect(a).toMatchObject({ reqId: "req-1", msg: "before" });
  expect(b).toMatchObject({ reqId: "req-1", userId: 3, msg: "after an await" });
  expect(c).toMatchObject({ msg: "unrelated" });
  expect(c).not.toHaveProperty("reqId");
});

test("an explicit request logger is not given a second reqId by the context", () => {
  withRequestId("outer", () => requestLogger("inner").info("once"));
  expect(lines[0]!.match(/"reqId"/g)).toHaveLength(1);
  expect(parsed()[0]).toMatchObject({ reqId: "inner" });
});

test("secrets are redacted", () => {
  requestLogger("r").warn({ authorization: "Bearer sk-secret", headers: { cookie: "s=1" } }, "x");
  expect(lines[0]).not.toContain("sk-secret");
  expect(lines[0]).not.toContain("s=1");
  expect(parsed()[0]).toMatchObject({ authorization: "[redacted]" });
});

test("overlapping requests keep their own ids; the store is turned off when the last one ends", async () => {
  // `enabled` is what makes Node keep its async hooks on for every promise (the relay's included).
  const store = (globalThis as unknown as { __gatewayRequestIds: { enabled: boolean } }).__gatewayRequestIds;
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const a = withRequestId("id-a", async () => {
    await gate;
    logger().info("a");
  });
  const b = withRequestId("id-b", async () => {
    await null;
    logger().info("b");
  });
  await b;
  expect(store.enabled).toBe(true); // a is still running
  release();
  await a;
  expect(store.enabled).toBe(false);
  expect(() => withRequestId("id-c", () => logger().info("c"))).not.toThrow();
  expect(store.enabled).toBe(false);
  expect(parsed().map((l) => [l.msg, l.reqId])).toEqual([
    ["b", "id-b"],
    ["a", "id-a"],
    ["c", "id-c"],
  ]);
});
