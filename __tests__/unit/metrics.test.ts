// Prometheus metrics without a server build: bounded labels (model folding, endpoint kinds, status
// classes), the record functions against a real prom-client registry read back through the text
// format, reservation gauges, and GET /metrics refusals on a loopback node:http server.
const users = new Map<number, { quota: bigint }>();
jest.mock("@/lib/server/db", () => ({
  db: () => ({
    user: { findUnique: async ({ where }: { where: { id: number } }) => users.get(where.id) ?? null },
    token: { findUnique: async () => null },
    userSubscription: { findMany: async () => [] }, // no subscription plans: the wallet pays
  }),
  sqliteConnection: () => null, // no SQLite connection under the mock: the ledger reads through db()
}));

import http from "node:http";
import type { AddressInfo } from "node:net";
import { resetEnvForTests } from "@/lib/env";
import { endpointKind, MAX_MODELS, ModelFolder, statusClass } from "@/lib/server/metrics/labels";
import { createMetrics } from "@/lib/server/metrics/registry";
import {
  firstByteRecorder,
  installMetrics,
  recordChannelError,
  recordConsume,
  trackRelayRequest,
  noteRelayModel,
} from "@/lib/server/metrics/record";
import { handleMetrics, metricsTokenMatches } from "@/lib/server/metrics/handler";
import { refund, reserve, settle } from "@/lib/server/ledger/ledger";
import { resetLedgerForTests } from "@/lib/server/ledger/memory-ledger";
import { RelayError } from "@/relay/kernel/errors";
import { parsePrometheus, sumOf } from "@/test-support/prom-text";

const saved = { ...process.env };

afterEach(() => {
  installMetrics(undefined);
  process.env = { ...saved };
  resetEnvForTests();
});

async function scrape(m: ReturnType<typeof createMetrics>) {
  return parsePrometheus(await m.registry.metrics());
}

describe("labels", () => {
  test("model names fold into 'other' past the limit, known ones keep their label", () => {
    const f = new ModelFolder(3);
    expect(["a", "b", "c"].map((m) => f.fold(m))).toEqual(["a", "b", "c"]);
    expect(f.fold("d")).toBe("other");
    expect(f.fold("e")).toBe("other");
    expect(f.fold("b")).toBe("b");
    expect(f.fold("")).toBe("none");
  });

  test("the default limit is 500 distinct names; long names are cut to 100 characters", () => {
    const f = new ModelFolder();
    for (let i = 0; i < MAX_MODELS; i++) expect(f.fold(`m-${i}`)).toBe(`m-${i}`);
    expect(f.fold("m-new")).toBe("other");
    const g = new ModelFolder();
    expect(g.fold("x".repeat(300))).toBe("x".repeat(100));
  });

  test("endpoint kinds are a fixed list", () => {
    expect(endpointKind("/v1/chat/completions")).toBe("chat_completions");
    expect(endpointKind("/pg/chat/completions")).toBe("playground");
    expect(endpointKind("/v1/messages")).toBe("messages");
    expect(endpointKind("/v1beta/models/gemini-pro:streamGenerateContent")).toBe("gemini");
    expect(endpointKind("/v1/models/gpt-4o")).toBe("models");
    expect(endpointKind("/v1/models")).toBe("models");
    expect(endpointKind("/mj/submit/imagine")).toBe("midjourney");
    expect(endpointKind("/fast/mj/task/1/fetch")).toBe("midjourney");
    expect(endpointKind("/suno/submit/music")).toBe("suno");
    expect(endpointKind("/v1/anything-a-client-invents-" + Math.random())).toBe("other");
  });

  test("status classes", () => {
    expect([200, 201, 401, 429, 500, 503].map(statusClass)).toEqual(["2xx", "2xx", "4xx", "4xx", "5xx", "5xx"]);
    expect(statusClass(0)).toBe("other");
    expect(statusClass(700)).toBe("other");
  });
});

describe("record functions", () => {
  test("a consume is one billed request with its quota and tokens", async () => {
    const m = installMetrics(createMetrics({ redis: false, defaults: false }))!;
    recordConsume("relay", "gpt-x", 1500, 12, 11);
    recordConsume("relay", "gpt-x", 0, 3, 0);
    recordConsume("task", "mj_imagine", 2000, 0, 0);
    const s = await scrape(m);
    expect(sumOf(s, "gateway_billed_requests_total")).toBe(3);
    expect(sumOf(s, "gateway_billed_requests_total", { source: "relay", model: "gpt-x" })).toBe(2);
    expect(sumOf(s, "gateway_quota_consumed_total")).toBe(3500);
    expect(sumOf(s, "gateway_quota_consumed_total", { source: "task" })).toBe(2000);
    expect(sumOf(s, "gateway_tokens_total", { type: "prompt" })).toBe(15);
    expect(sumOf(s, "gateway_tokens_total", { type: "completion", model: "gpt-x" })).toBe(11);
  });

  test("records nothing (and does not throw) when metrics are off", () => {
    installMetrics(undefined);
    expect(() => recordConsume("relay", "m", 1, 1, 1)).not.toThrow();
    expect(() => firstByteRecorder("/v1/chat/completions", Date.now())()).not.toThrow();
  });

  test("only upstream trouble counts against a channel", async () => {
    const m = installMetrics(createMetrics({ redis: false, defaults: false }))!;
    recordChannelError(7, new RelayError(502, "upstream", { retryable: true, upstreamStatus: 500 }));
    recordChannelError(7, new RelayError(500, "no key", { code: "channel:no_available_key" }));
    recordChannelError(7, new RelayError(400, "bad input", { type: "invalid_request_error" }));
    recordChannelError(8, new RelayError(401, "bad key", { retryable: true, upstreamStatus: 401 }));
    const s = await scrape(m);
    expect(sumOf(s, "gateway_channel_errors_total", { channel: "7" })).toBe(2);
    expect(sumOf(s, "gateway_channel_errors_total", { channel: "8" })).toBe(1);
  });

  test("time to first token is observed once per stream", async () => {
    const m = installMetrics(createMetrics({ redis: false, defaults: false }))!;
    const first = firstByteRecorder("/v1/chat/completions", Date.now() - 1200);
    first();
    first();
    const s = await scrape(m);
    expect(sumOf(s, "gateway_relay_time_to_first_token_seconds_count", { endpoint: "chat_completions" })).toBe(1);
    const sum = sumOf(s, "gateway_relay_time_to_first_token_seconds_sum");
    expect(sum).toBeGreaterThanOrEqual(1.2);
    expect(sum).toBeLessThan(5);
  });

  test("reservation gauges follow the ledger's outstanding reservations", async () => {
    resetLedgerForTests();
    users.set(1, { quota: 10_000n });
    const m = installMetrics(createMetrics({ redis: false, defaults: false }))!;
    const a = await reserve(1, null, 300);
    const b = await reserve(1, null, 200);
    if (!a.ok || !b.ok) throw new Error("reservation refused");
    let s = await scrape(m);
    expect(sumOf(s, "gateway_reservations_outstanding")).toBe(2);
    expect(sumOf(s, "gateway_reserved_quota_outstanding")).toBe(500);
    await settle(a.reservation, 100, 1);
    await refund(b.reservation);
    s = await scrape(m);
    expect(sumOf(s, "gateway_reservations_outstanding")).toBe(0);
    expect(sumOf(s, "gateway_reserved_quota_outstanding")).toBe(0);
  });

  test("a relay request is counted when its response closes, labelled with its model", async () => {
    const m = installMetrics(createMetrics({ redis: false, defaults: false }))!;
    const server = http.createServer((req, res) => {
      const path = req.url!;
      trackRelayRequest(res, path, Date.now());
      if (path === "/v1/chat/completions") noteRelayModel(res, "gpt-x");
      res.writeHead(path === "/v1/embeddings" ? 503 : 200).end("ok");
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await (await fetch(`${base}/v1/chat/completions`)).text();
      await (await fetch(`${base}/v1/embeddings`)).text();
      await new Promise((r) => setTimeout(r, 50));
      const s = await scrape(m);
      expect(
        sumOf(s, "gateway_relay_requests_total", {
          endpoint: "chat_completions",
          model: "gpt-x",
          status_class: "2xx",
        }),
      ).toBe(1);
      expect(
        sumOf(s, "gateway_relay_requests_total", { endpoint: "embeddings", model: "none", status_class: "5xx" }),
      ).toBe(1);
      expect(sumOf(s, "gateway_relay_request_duration_seconds_count")).toBe(2);
      expect(sumOf(s, "gateway_relay_requests_in_flight")).toBe(0);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("GET /metrics", () => {
  const TOKEN = "metrics-secret-token";

  async function serve(env: Record<string, string>) {
    process.env = { ...saved, SESSION_SECRET: "s".repeat(32), CRYPTO_SECRET: "c".repeat(32), ...env };
    resetEnvForTests();
    const server = http.createServer((req, res) => void handleMetrics(req, res));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
    return { url, close: () => new Promise((r) => server.close(r)) };
  }

  test("the bearer check accepts only the exact token", () => {
    expect(metricsTokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(metricsTokenMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(metricsTokenMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(metricsTokenMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(metricsTokenMatches(TOKEN, TOKEN)).toBe(false);
    expect(metricsTokenMatches(undefined, TOKEN)).toBe(false);
    expect(metricsTokenMatches("Bearer ", TOKEN)).toBe(false);
  });

  test("404 when METRICS_TOKEN is not set", async () => {
    const s = await serve({ METRICS_TOKEN: "" });
    try {
      expect((await fetch(s.url, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await s.close();
    }
  });

  test("401 without or with a wrong token, 405 for other methods, the text format with it", async () => {
    const s = await serve({ METRICS_TOKEN: TOKEN });
    try {
      const none = await fetch(s.url);
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toContain("Bearer");
      expect((await fetch(s.url, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
      const post = await fetch(s.url, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
      expect(post.status).toBe(405);
      const ok = await fetch(s.url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toContain("text/plain; version=0.0.4");
      expect(ok.headers.get("cache-control")).toBe("no-store");
      const text = await ok.text();
      expect(text).toContain("# TYPE gateway_billed_requests_total counter");
      expect(text).toContain("# TYPE process_cpu_user_seconds_total counter");
      expect(text).not.toContain("gateway_redis_up");
    } finally {
      await s.close();
    }
  });
});
