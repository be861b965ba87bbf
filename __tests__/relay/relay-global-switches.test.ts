// Global relay switches of the Models tab that change relay behaviour at once (no restart):
// request pass-through and the browser-extension block.
import OpenAI from "openai";
import { startGateway, type Gateway } from "./gateway";
import { startMockUpstream, type MockUpstream } from "@/test-support/upstream/mock-upstream";

let gw: Gateway;
let up: MockUpstream;
let key = "";
const hi = [{ role: "user" as const, content: "hi" }];

beforeAll(async () => {
  up = await startMockUpstream();
  gw = await startGateway();
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify({ "g-pass": 1, "g-ext": 1 }) });
  await gw.createChannel({
    name: "pass",
    key: "sk-up",
    base_url: up.url,
    models: "g-pass,g-ext",
    system_prompt: "CHANNEL SYSTEM PROMPT",
    param_override: JSON.stringify({ temperature: 0.1 }),
  });
  key = (await gw.createToken({})).key;
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

const setOption = async (k: string, value: string) => {
  const r = await gw.api("PUT", "/api/option/", { key: k, value });
  expect(r.json.success).toBe(true);
};
const lastBody = (model: string) => [...up.requests].reverse().find((r) => r.body.model === model)!.body;

test("pass-through sends the caller's body as is; off again, the channel's rewrites apply", async () => {
  const client = new OpenAI({ apiKey: key, baseURL: `${gw.url}/v1`, maxRetries: 0 });
  await setOption("global.pass_through_request_enabled", "true");
  const stream = await client.chat.completions.create({
    model: "g-pass",
    messages: hi,
    stream: true,
    temperature: 0.7,
  });
  for await (const chunk of stream) void chunk;
  let body = lastBody("g-pass");
  expect(body.messages).toEqual(hi);
  expect(body.temperature).toBe(0.7);
  expect(body).not.toHaveProperty("stream_options");

  await setOption("global.pass_through_request_enabled", "false");
  await client.chat.completions.create({ model: "g-pass", messages: hi, temperature: 0.7 });
  body = lastBody("g-pass");
  expect(body.temperature).toBe(0.1);
  expect(JSON.stringify(body.messages)).toContain("CHANNEL SYSTEM PROMPT");
});

test("the browser-extension block refuses extension origins only while it is on", async () => {
  const call = (origin?: string) =>
    fetch(`${gw.url}/v1/chat/completions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${key}`,
        "content-type": "application/json",
        ...(origin ? { origin } : {}),
      },
      body: JSON.stringify({ model: "g-ext", messages: hi }),
    });
  expect((await call("chrome-extension://abcdef")).status).toBe(200);
  await setOption("global.block_browser_extension_enabled", "true");
  const blocked = await call("chrome-extension://abcdef");
  expect(blocked.status).toBe(403);
  expect(((await blocked.json()) as { error: { code: string } }).error.code).toBe("browser_extension_blocked");
  expect((await call("moz-extension://x")).status).toBe(403);
  expect((await call("https://app.example")).status).toBe(200);
  expect((await call()).status).toBe(200);
  await setOption("global.block_browser_extension_enabled", "false");
  expect((await call("chrome-extension://abcdef")).status).toBe(200);
});
