// GET /metrics on the production server: off (404) without METRICS_TOKEN, bearer-protected with it,
// and after a mix of traffic (JSON, OpenAI and Claude streams, a failing channel, a refusal for an
// exhausted token) its counters equal what the database's consume logs say.
import Anthropic from "@anthropic-ai/sdk";
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";
import { declaredTypes, parsePrometheus, sumOf, type Sample } from "@/test-support/prom-text";

const TOKEN = "scrape-token-0123456789";
const PRICE_QUOTA = 1000; // ModelPrice 0.002 USD x 500000 quota per USD

let gw: Gateway;
let off: Gateway;
let preloaded: Gateway;
let up: MockUpstream;
let brokenChannel: number;
let mainChannel: number;

const scrape = (auth?: string) =>
  fetch(`${gw.url}/metrics`, { headers: auth === undefined ? {} : { authorization: auth } });

async function samples(): Promise<Sample[]> {
  const r = await scrape(`Bearer ${TOKEN}`);
  expect(r.status).toBe(200);
  return parsePrometheus(await r.text());
}

beforeAll(async () => {
  up = await startMockUpstream();
  [gw, off, preloaded] = await Promise.all([
    startGateway({ env: { METRICS_TOKEN: TOKEN } }),
    startGateway(),
    startGateway({ env: { METRICS_TOKEN: TOKEN, CONSOLE_PRELOAD: "true" }, fresh: true }),
  ]);
  await gw.api("PUT", "/api/option/", {
    key: "ModelRatio",
    value: JSON.stringify({ "m-ratio": 1, "m-fail": 1, "m-slow": 1 }),
  });
  await gw.api("PUT", "/api/option/", { key: "ModelPrice", value: JSON.stringify({ "m-price": 0.002 }) });
  mainChannel = await gw.createChannel({ name: "main", key: "sk-up", base_url: up.url, models: "m-ratio,m-price" });
  brokenChannel = await gw.createChannel({
    name: "broken",
    key: "sk-up",
    base_url: up.url,
    models: "m-fail",
    model_mapping: JSON.stringify({ "m-fail": "fail-500" }),
  });
  await gw.createChannel({
    name: "slow",
    key: "sk-up",
    base_url: up.url,
    models: "m-slow",
    model_mapping: JSON.stringify({ "m-slow": "slow-model" }),
  });
}, 180_000);

afterAll(async () => {
  await Promise.all([gw?.stop(), off?.stop(), preloaded?.stop()]);
  await up?.close();
});

test("without METRICS_TOKEN /metrics does not exist", async () => {
  const r = await fetch(`${off.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` }, redirect: "manual" });
  expect(r.status).toBe(404);
});

test("with METRICS_TOKEN: 401 without or with a wrong token, 405 for other methods", async () => {
  const none = await scrape();
  expect(none.status).toBe(401);
  expect(await none.text()).not.toContain("gateway_");
  expect((await scrape("Bearer wrong-token")).status).toBe(401);
  expect((await scrape(TOKEN)).status).toBe(401);
  const post = await fetch(`${gw.url}/metrics`, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } });
  expect(post.status).toBe(405);
  const ok = await scrape(`Bearer ${TOKEN}`);
  expect(ok.status).toBe(200);
  expect(ok.headers.get("content-type")).toContain("text/plain");
  const types = declaredTypes(await ok.text());
  expect(types.get("gateway_relay_requests_total")).toBe("counter");
  expect(types.get("gateway_relay_time_to_first_token_seconds")).toBe("histogram");
  expect(types.get("gateway_reservations_outstanding")).toBe("gauge");
  expect(types.get("process_resident_memory_bytes")).toBe("gauge");
  // No REDIS_URL: no Redis gauge.
  expect(types.has("gateway_redis_up")).toBe(false);
});

test("after mixed traffic the counters match the consume logs", async () => {
  const key = (await gw.createToken()).key;
  const openai = new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  const claude = new Anthropic({ apiKey: key, baseURL: gw.url, maxRetries: 0 });
  const messages = [{ role: "user" as const, content: "hi" }];

  // JSON answers.
  for (const model of ["m-ratio", "m-ratio", "m-price"])
    expect((await openai.chat.completions.create({ model, messages })).choices[0]?.message.content).toBeTruthy();
  // Streams: OpenAI bytes (with and without a usage chunk asked for) and a converted Claude stream.
  for (const include_usage of [true, false]) {
    const stream = await openai.chat.completions.create({
      model: "m-ratio",
      messages,
      stream: true,
      stream_options: { include_usage },
    });
    let text = "";
    for await (const c of stream) text += c.choices[0]?.delta.content ?? "";
    expect(text).toContain("word4");
  }
  const final = await claude.messages.stream({ model: "m-ratio", max_tokens: 50, messages }).finalMessage();
  expect(final.usage).toMatchObject({ input_tokens: 12, output_tokens: 11 });
  const STREAMS = 3;
  // A channel whose upstream fails.
  await expect(openai.chat.completions.create({ model: "m-fail", messages })).rejects.toMatchObject({ status: 500 });
  // A token with quota for exactly one priced call: the second is refused before any upstream call.
  const limited = await gw.createToken({ unlimited_quota: false, remain_quota: PRICE_QUOTA });
  const capped = new OpenAI({ apiKey: limited.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  await capped.chat.completions.create({ model: "m-price", messages });
  const refused = await capped.chat.completions.create({ model: "m-price", messages }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(OpenAI.APIError);
  expect([401, 403]).toContain((refused as InstanceType<typeof OpenAI.APIError>).status);

  await gw.settle();
  const logs = await gw.sql<{ n: number; q: number; p: number; c: number }>(
    "select count(*) n, sum(quota) q, sum(promptTokens) p, sum(completionTokens) c from logs where type = 2",
  );
  const db = { n: Number(logs[0]!.n), q: Number(logs[0]!.q), p: Number(logs[0]!.p), c: Number(logs[0]!.c) };
  expect(db.n).toBe(7);
  expect(db.q).toBeGreaterThan(2 * PRICE_QUOTA);
  const s = await samples();

  expect(sumOf(s, "gateway_billed_requests_total")).toBe(db.n);
  expect(sumOf(s, "gateway_quota_consumed_total")).toBe(db.q);
  expect(sumOf(s, "gateway_tokens_total", { type: "prompt" })).toBe(db.p);
  expect(sumOf(s, "gateway_tokens_total", { type: "completion" })).toBe(db.c);
  const [price] = await gw.sql<{ q: number }>("select sum(quota) q from logs where type = 2 and modelName = 'm-price'");
  expect(sumOf(s, "gateway_quota_consumed_total", { source: "relay", model: "m-price" })).toBe(Number(price!.q));
  expect(sumOf(s, "gateway_quota_consumed_total", { model: "m-price" })).toBe(2 * PRICE_QUOTA);

  expect(sumOf(s, "gateway_relay_time_to_first_token_seconds_count")).toBe(STREAMS);
  expect(sumOf(s, "gateway_relay_time_to_first_token_seconds_count", { endpoint: "messages" })).toBe(1);
  expect(sumOf(s, "gateway_channel_errors_total", { channel: String(brokenChannel) })).toBe(1);
  expect(sumOf(s, "gateway_channel_errors_total", { channel: String(mainChannel) })).toBe(0);

  const requests = (where: Record<string, string>) => sumOf(s, "gateway_relay_requests_total", where);
  expect(requests({ endpoint: "chat_completions", model: "m-ratio", status_class: "2xx" })).toBe(4);
  expect(requests({ endpoint: "messages", model: "m-ratio", status_class: "2xx" })).toBe(1);
  expect(requests({ endpoint: "chat_completions", model: "m-price", status_class: "2xx" })).toBe(2);
  expect(requests({ endpoint: "chat_completions", model: "m-fail", status_class: "5xx" })).toBe(1);
  expect(requests({ endpoint: "chat_completions", model: "m-price", status_class: "4xx" })).toBe(1);
  expect(requests({})).toBe(9);
  expect(sumOf(s, "gateway_relay_request_duration_seconds_count")).toBe(9);

  // Idle: nothing reserved, nothing in flight.
  expect(sumOf(s, "gateway_reservations_outstanding")).toBe(0);
  expect(sumOf(s, "gateway_reserved_quota_outstanding")).toBe(0);
  expect(sumOf(s, "gateway_relay_requests_in_flight")).toBe(0);
});

test("a stream in progress shows in the reservation and in-flight gauges, which return to 0", async () => {
  const key = (await gw.createToken()).key;
  const res = await fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "m-slow", stream: true, messages: [{ role: "user", content: "x" }] }),
  });
  expect(res.status).toBe(200);
  // The mock streams 50 chunks 20 ms apart: after the first bytes the request is still open.
  const reader = res.body!.getReader();
  await reader.read();
  const during = await samples();
  expect(sumOf(during, "gateway_reservations_outstanding")).toBe(1);
  expect(sumOf(during, "gateway_reserved_quota_outstanding")).toBeGreaterThan(0);
  expect(sumOf(during, "gateway_relay_requests_in_flight")).toBe(1);
  while (!(await reader.read()).done);
  await gw.waitFor(async () => sumOf(await samples(), "gateway_relay_requests_in_flight") === 0);
  await gw.settle();
  const after = await samples();
  expect(sumOf(after, "gateway_reservations_outstanding")).toBe(0);
  expect(sumOf(after, "gateway_reserved_quota_outstanding")).toBe(0);
  const [logs] = await gw.sql<{ n: number; q: number }>("select count(*) n, sum(quota) q from logs where type = 2");
  expect(sumOf(after, "gateway_billed_requests_total")).toBe(Number(logs!.n));
  expect(sumOf(after, "gateway_quota_consumed_total")).toBe(Number(logs!.q));
});

test("Next is loaded only by a console page: the relay and /api traffic above never loaded it", async () => {
  const loaded = async () => sumOf(await samples(), "gateway_console_renderer_loaded");
  expect(await loaded()).toBe(0);
  const page = await fetch(`${gw.url}/login`);
  expect(page.status).toBe(200);
  expect(page.headers.get("content-type")).toContain("text/html");
  expect(page.headers.get("x-frame-options")).toBe("SAMEORIGIN");
  expect(await loaded()).toBe(1);
  // CONSOLE_PRELOAD: loaded at start, before any page.
  const scrape = await fetch(`${preloaded.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(sumOf(parsePrometheus(await scrape.text()), "gateway_console_renderer_loaded")).toBe(1);
});
