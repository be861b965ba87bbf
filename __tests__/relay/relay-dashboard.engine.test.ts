// The dashboard aggregate (quota_data) end to end: relay calls land in hourly buckets that
// match the consume logs, written only after DataExportInterval (or on SIGTERM), readable through
// /api/data; with DataExportEnabled off nothing is aggregated.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

let gw: Gateway;
let up: MockUpstream;
const hi = [{ role: "user" as const, content: "hi" }];
type Row = { modelName: string; count: number; quota: number; tokenUsed: number; createdAt: number };

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify({ "d-a": 1, "d-b": 2, "d-off": 1 }) });
  await gw.createChannel({ name: "dash", key: "sk-up", base_url: up.url, models: "d-a,d-b,d-off" });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

test("relay calls are aggregated per model and hour, after the interval or on shutdown", async () => {
  const t = await gw.createToken();
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  for (let i = 0; i < 3; i++) await client.chat.completions.create({ model: "d-a", messages: hi });
  await client.chat.completions.create({ model: "d-b", messages: hi });
  await gw.settle();
  // the logs and balances are written (250 ms), the buckets wait for DataExportInterval (5 min)
  const [logs] = await gw.sql<{ n: number }>("select count(*) n from logs where tokenId = ? and type = 2", t.id);
  expect(logs!.n).toBe(4);
  expect(await gw.sql("select * from quota_data")).toEqual([]);

  const dataDir = gw.dataDir;
  await gw.stop(true); // SIGTERM flushes the held buckets
  gw = await startGateway({ dataDir });
  const rows = await gw.sql<Row>("select modelName, count, quota, tokenUsed, createdAt from quota_data");
  for (const r of rows) expect(r.createdAt % 3600).toBe(0);
  // summed per model (the calls may straddle an hour boundary), the buckets equal the consume logs
  const perModel = new Map<string, [number, number, number]>();
  for (const r of rows) {
    const m = perModel.get(r.modelName) ?? [0, 0, 0];
    perModel.set(r.modelName, [m[0] + r.count, m[1] + r.quota, m[2] + r.tokenUsed]);
  }
  const sums = await gw.sql<{ modelName: string; n: number; q: number; tok: number }>(
    "select modelName, count(*) n, sum(quota) q, sum(promptTokens + completionTokens) tok from logs where type = 2 group by modelName",
  );
  expect(Object.fromEntries(perModel)).toEqual(Object.fromEntries(sums.map((s) => [s.modelName, [s.n, s.q, s.tok]])));
  expect(perModel.get("d-a")![0]).toBe(3);
  expect(perModel.get("d-b")![0]).toBe(1);

  const now = Math.floor(Date.now() / 1000);
  const api = await gw.api<{ model_name: string; count: number }[]>(
    "GET",
    `/api/data/?start_timestamp=${now - 7200}&end_timestamp=${now}`,
  );
  const apiCounts: Record<string, number> = {};
  for (const r of api.json.data) apiCounts[r.model_name] = (apiCounts[r.model_name] ?? 0) + r.count;
  expect(apiCounts).toEqual({ "d-a": 3, "d-b": 1 });
}, 120_000);

test("with DataExportEnabled off, calls are billed and logged but not aggregated", async () => {
  await gw.api("PUT", "/api/option/", { key: "DataExportEnabled", value: "false" });
  const t = await gw.createToken();
  const client = new OpenAI({ apiKey: t.key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  await client.chat.completions.create({ model: "d-off", messages: hi });
  await gw.settle();
  const dataDir = gw.dataDir;
  await gw.stop(true);
  gw = await startGateway({ dataDir });
  const [logs] = await gw.sql<{ n: number }>("select count(*) n from logs where modelName = 'd-off'");
  expect(logs!.n).toBe(1);
  expect(await gw.sql("select * from quota_data where modelName = 'd-off'")).toEqual([]);
}, 120_000);
