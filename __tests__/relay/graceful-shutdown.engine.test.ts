// Graceful shutdown (server/main.ts + server/drain.ts): on SIGTERM the instance keeps its
// listener only to say "draining" — /readyz answers 503, other new requests get 503 + Connection:
// close — while the streams in flight run to their end; then bookkeeping is flushed and the process
// exits 0. SHUTDOWN_TIMEOUT bounds the wait: a stream still open then is cut and billed.
// Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import {
  PRICE_QUOTA,
  SLOW_MODEL,
  STALL_MODEL,
  openStream,
  prepareDrain,
  readUntil,
  slowStreamInFlight,
  waitForDraining,
} from "./drain-support";

let up: MockUpstream;

beforeAll(async () => {
  up = await startMockUpstream();
});

afterAll(async () => {
  await up?.close();
});

const prepare = (gw: Gateway) => prepareDrain(gw, up);

async function consumeLogs(gw: Gateway, tokenId: number) {
  return gw.sql<{ quota: number; other: string }>(
    "select quota, other from logs where tokenId = ? and type = 2",
    tokenId,
  );
}

test("SIGTERM mid-stream: readyz 503 while draining, new requests refused, the stream ends with [DONE], exit 0, billed exactly", async () => {
  const gw = await startGateway({ env: { SHUTDOWN_TIMEOUT: "30" } }); // the production default
  try {
    const t = await prepare(gw);
    const { reader, first } = await slowStreamInFlight(gw, t.key);

    gw.signal("SIGTERM");
    const ready = await waitForDraining(gw);
    expect(await ready.json()).toEqual({ status: "draining" });
    expect(ready.headers.get("connection")).toBe("close");
    // Liveness still answers: the process is healthy, only leaving.
    expect((await fetch(`${gw.url}/healthz`)).status).toBe(200);
    // A new console page / API call and a new relay call are refused (a load balancer retries elsewhere).
    const page = await fetch(`${gw.url}/api/status`);
    expect(page.status).toBe(503);
    expect(page.headers.get("connection")).toBe("close");
    expect(page.headers.get("retry-after")).toBe("1");
    const relay = await openStream(gw, t.key, SLOW_MODEL);
    expect(relay.status).toBe(503);
    expect(((await relay.json()) as { error: { type: string } }).error.type).toBe("server_shutting_down");
    expect(up.requests.filter((r) => r.body.model === SLOW_MODEL)).toHaveLength(1);

    // The stream in flight runs to its natural end.
    const rest = await readUntil(reader, null, first.text);
    expect(rest.ended).toBe("done");
    expect(rest.text).toContain("word49 ");
    expect(rest.text.trimEnd().endsWith("data: [DONE]")).toBe(true);

    expect(await gw.exited).toBe(0);
    // Bookkeeping was flushed before the exit: the consume log and both balances are in the database.
    const logs = await consumeLogs(gw, t.id);
    expect(logs.map((l) => l.quota)).toEqual([PRICE_QUOTA]);
    const [token] = await gw.sql<{ remainQuota: number; usedQuota: number }>(
      "select remainQuota, usedQuota from tokens where id = ?",
      t.id,
    );
    expect(token).toEqual({ remainQuota: PRICE_QUOTA * 4, usedQuota: PRICE_QUOTA });
    const [user] = await gw.sql<{ usedQuota: number }>("select usedQuota from users where username = 'root'");
    expect(user!.usedQuota).toBe(PRICE_QUOTA);
  } finally {
    await gw.stop();
  }
}, 120_000);

test("SHUTDOWN_TIMEOUT bounds the drain: a stream still open is cut, billed, and the process exits 0", async () => {
  const gw = await startGateway({ env: { SHUTDOWN_TIMEOUT: "1" } });
  try {
    const t = await prepare(gw);
    const res = await openStream(gw, t.key, STALL_MODEL);
    const reader = res.body!.getReader();
    expect((await readUntil(reader, "before the stall")).ended).toBe("found");

    const signalledAt = Date.now();
    gw.signal("SIGTERM");
    const cut = await readUntil(reader, null);
    // Cut by the deadline, well before the upstream would have finished (5 s of silence).
    expect(cut.text).not.toContain("[DONE]");
    expect(await gw.exited).toBe(0);
    const tookMs = Date.now() - signalledAt;
    expect(tookMs).toBeGreaterThanOrEqual(900);
    expect(tookMs).toBeLessThan(4_500);

    const logs = await consumeLogs(gw, t.id);
    expect(logs).toHaveLength(1);
    expect(JSON.parse(logs[0]!.other).stream_status.end_reason).toBe("client_gone");
    const [token] = await gw.sql<{ remainQuota: number; usedQuota: number }>(
      "select remainQuota, usedQuota from tokens where id = ?",
      t.id,
    );
    expect(token!.usedQuota).toBe(logs[0]!.quota);
    expect(token!.remainQuota).toBe(PRICE_QUOTA * 5 - logs[0]!.quota);
  } finally {
    await gw.stop();
  }
}, 120_000);
