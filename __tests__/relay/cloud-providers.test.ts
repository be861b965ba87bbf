// Issue 20: AWS Bedrock (type 33) and Google Vertex AI (type 41) through the real gateway, against one
// loopback mock that checks what AWS and Google check: the Bedrock mock recomputes the SigV4 signature
// with aws4fetch over the request it received (path, headers, body, secret) and answers InvokeModel
// JSON or an event-stream; the Vertex mock verifies the service-account JWT with the public key of a
// key pair made here, answers an access token, and serves Gemini / Claude only with `Bearer <token>`.
import http from "node:http";
import { AwsV4Signer } from "aws4fetch";
import { exportPKCS8, exportSPKI, generateKeyPair, importSPKI, jwtVerify } from "jose";
import { startGateway, type Gateway } from "./gateway";
import { listenLoopback, sendJson } from "@/test-support/upstream/loopback";
import { encodeEventStreamMessage } from "@/relay/vendors/bedrock/stream-framing";

const AK = "AKIDEXAMPLE";
const SK = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
const BEDROCK_MODEL = "anthropic.claude-3-5-sonnet-20240620-v1:0";
const TOKEN = "ya29.vertex-token";

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };
let gw: Gateway;
let mock: { url: string; close: () => Promise<void> };
let publicPem = "";
const seen: Seen[] = [];
let tokenExchanges = 0;

const claudeMessage = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "claude",
  content: [{ type: "text", text: "Hello from Claude." }],
  stop_reason: "end_turn",
  usage: { input_tokens: 11, output_tokens: 5 },
};

const frame = (event: object) =>
  encodeEventStreamMessage(
    { ":event-type": "chunk", ":content-type": "application/json", ":message-type": "event" },
    JSON.stringify({ bytes: Buffer.from(JSON.stringify(event)).toString("base64") }),
  );

async function sigv4Valid(req: http.IncomingMessage, raw: string): Promise<boolean> {
  const h = req.headers;
  const signer = new AwsV4Signer({
    url: `${mock.url}${req.url}`,
    method: "POST",
    headers: { "content-type": String(h["content-type"]), accept: String(h.accept) },
    body: raw,
    accessKeyId: AK,
    secretAccessKey: SK,
    region: "us-east-1",
    service: "bedrock",
    datetime: String(h["x-amz-date"]),
  });
  const expected = (await signer.sign()).headers.get("authorization");
  return !!expected && expected === h.authorization;
}

async function handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse) {
  const path = req.url ?? "";
  const body = (raw && raw.startsWith("{") ? JSON.parse(raw) : {}) as Record<string, unknown>;
  if (path === "/token") {
    const form = new URLSearchParams(raw);
    try {
      await jwtVerify(form.get("assertion") ?? "", await importSPKI(publicPem, "RS256"), {
        audience: `${mock.url}/token`,
        issuer: "relay@proj.iam.gserviceaccount.com",
      });
    } catch {
      return sendJson(res, 400, { error: "invalid_grant" });
    }
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer")
      return sendJson(res, 400, { error: "unsupported_grant_type" });
    tokenExchanges++;
    return sendJson(res, 200, { access_token: TOKEN, expires_in: 3600, token_type: "Bearer" });
  }
  seen.push({ path, headers: req.headers, body });
  if (path.startsWith("/model/")) {
    if (!(await sigv4Valid(req, raw)))
      return sendJson(res, 403, { message: "The request signature we calculated does not match" });
    if (path.endsWith("/invoke")) return sendJson(res, 200, claudeMessage);
    res.writeHead(200, { "content-type": "application/vnd.amazon.eventstream" });
    const events = [
      {
        type: "message_start",
        message: { ...claudeMessage, content: [], usage: { input_tokens: 11, output_tokens: 0 } },
      },
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hello " } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "stream." } },
      { type: "content_block_stop", index: 0 },
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 3 } },
      { type: "message_stop" },
    ];
    // Frames cut at odd places: the decoder must reassemble them.
    const all = Buffer.concat(events.map(frame));
    for (let i = 0; i < all.length; i += 37) res.write(all.subarray(i, i + 37));
    return res.end();
  }
  if (path.startsWith("/v1/projects/")) {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return sendJson(res, 401, { error: { message: "no token" } });
    if (path.includes("/publishers/anthropic/")) return sendJson(res, 200, claudeMessage);
    return sendJson(res, 200, {
      candidates: [
        { content: { role: "model", parts: [{ text: "Hello from Vertex Gemini." }] }, finishReason: "STOP" },
      ],
      usageMetadata: { promptTokenCount: 4, candidatesTokenCount: 5, totalTokenCount: 9 },
    });
  }
  sendJson(res, 404, { message: "unknown path" });
}

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair("RS256", { extractable: true });
  publicPem = await exportSPKI(publicKey);
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (c: Buffer) => parts.push(c));
    req.on("end", () => void handle(req, Buffer.concat(parts).toString(), res));
  });
  mock = await listenLoopback(server);
  gw = await startGateway();
  const ratios = { "claude-bedrock": 1, "claude-bad": 1, "gemini-2.5-flash": 1, "claude-sonnet-4@20250514": 1 };
  await gw.api("PUT", "/api/option/", { key: "ModelRatio", value: JSON.stringify(ratios) });
  await gw.createChannel({
    type: 33,
    name: "bedrock",
    key: `${AK}|${SK}|us-east-1`,
    base_url: mock.url,
    models: "claude-bedrock",
    model_mapping: JSON.stringify({ "claude-bedrock": BEDROCK_MODEL }),
  });
  await gw.createChannel({
    type: 41,
    name: "vertex",
    key: JSON.stringify({
      type: "service_account",
      project_id: "proj",
      client_email: "relay@proj.iam.gserviceaccount.com",
      private_key: await exportPKCS8(privateKey),
      token_uri: `${mock.url}/token`,
    }),
    base_url: mock.url,
    other: "us-central1",
    models: "gemini-2.5-flash,claude-sonnet-4@20250514",
  });
}, 180_000);

afterAll(async () => {
  await gw?.stop();
  await mock?.close();
});

async function chat(model: string, stream = false): Promise<Response> {
  const t = await gw.createToken();
  return fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
    body: JSON.stringify({ model, stream, max_tokens: 50, messages: [{ role: "user", content: "Hi" }] }),
  });
}

test("Bedrock InvokeModel: SigV4-signed (verified by the mock), Anthropic body with bedrock-2023-05-31", async () => {
  const r = await chat("claude-bedrock");
  const j = (await r.json()) as { choices: { message: { content: string } }[]; usage: { prompt_tokens: number } };
  expect(r.status).toBe(200);
  expect(j.choices[0]!.message.content).toBe("Hello from Claude.");
  expect(j.usage.prompt_tokens).toBe(11);
  const q = seen.at(-1)!;
  expect(q.path).toBe(`/model/${encodeURIComponent(BEDROCK_MODEL)}/invoke`);
  expect(q.headers.authorization).toMatch(
    /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/bedrock\/aws4_request/,
  );
  expect(q.body.anthropic_version).toBe("bedrock-2023-05-31");
  expect(q.body).not.toHaveProperty("model");
  expect(q.body).not.toHaveProperty("stream");
});

test("Bedrock streaming: the event-stream frames become OpenAI chunks (frames cut at odd places)", async () => {
  const r = await chat("claude-bedrock", true);
  expect(r.status).toBe(200);
  const text = await r.text();
  expect(seen.at(-1)!.path).toBe(`/model/${encodeURIComponent(BEDROCK_MODEL)}/invoke-with-response-stream`);
  const content = text
    .split("\n")
    .filter((l) => l.startsWith("data: {"))
    .map(
      (l) =>
        (JSON.parse(l.slice(6)) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ?? "",
    )
    .join("");
  expect(content).toBe("Hello stream.");
  expect(text).toContain("data: [DONE]");
});

test("a wrong AWS secret is refused by the signature check (the mock really verifies)", async () => {
  const t = await gw.createToken();
  const id = await gw.createChannel({
    type: 33,
    name: "bedrock-bad",
    key: `${AK}|wrong-secret|us-east-1`,
    base_url: mock.url,
    models: "claude-bad",
  });
  expect(id).toBeGreaterThan(0);
  const r = await fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
    body: JSON.stringify({ model: "claude-bad", max_tokens: 5, messages: [{ role: "user", content: "Hi" }] }),
  });
  expect(r.status).not.toBe(200);
  expect(seen.at(-1)!.path).toContain("/model/claude-bad/invoke");
});

test("Vertex Gemini: JWT exchanged once for a token, generateContent called with Bearer <token>", async () => {
  const before = tokenExchanges;
  const r = await chat("gemini-2.5-flash");
  expect(r.status).toBe(200);
  const j = (await r.json()) as { choices: { message: { content: string } }[] };
  expect(j.choices[0]!.message.content).toBe("Hello from Vertex Gemini.");
  const q = seen.at(-1)!;
  expect(q.path).toBe(
    "/v1/projects/proj/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent",
  );
  expect(q.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(tokenExchanges).toBe(before + 1);
  // The cached token serves the next call without a new exchange.
  expect((await chat("gemini-2.5-flash")).status).toBe(200);
  expect(tokenExchanges).toBe(before + 1);
});

test("Claude on Vertex: rawPredict with vertex-2023-10-16 and no model in the body", async () => {
  const r = await chat("claude-sonnet-4@20250514");
  expect(r.status).toBe(200);
  const j = (await r.json()) as { choices: { message: { content: string } }[] };
  expect(j.choices[0]!.message.content).toBe("Hello from Claude.");
  const q = seen.at(-1)!;
  expect(q.path).toBe(
    `/v1/projects/proj/locations/us-central1/publishers/anthropic/models/${encodeURIComponent("claude-sonnet-4@20250514")}:rawPredict`,
  );
  expect(q.headers.authorization).toBe(`Bearer ${TOKEN}`);
  expect(q.body.anthropic_version).toBe("vertex-2023-10-16");
  expect(q.body).not.toHaveProperty("model");
});
