// Issue 20: channel tests and model lists of the native provider dialects, in process against the
// mock of test-support/upstream/native-providers-mock.ts (which verifies SigV4 + session token, Bearer keys,
// paths and body shapes): Bedrock Converse and Bedrock model listing refused (control-plane API),
// Cohere v2 and /v1/models, Ollama native /api/chat and /api/tags.
import * as testOneRoute from "@/app/api/channel/test/[id]/route";
import * as fetchRoute from "@/app/api/channel/fetch_models/route";
import { call, login, ROOT_USER, setupApiHarness, setupRoot } from "@/test-support/api/harness";
import { createChannel } from "@/test-support/api/channels-support";
import { AWS, COHERE_KEY, REGION, startNativeMock } from "@/test-support/upstream/native-providers-mock";

setupApiHarness();

let mock: Awaited<ReturnType<typeof startNativeMock>>;
let root = "";

beforeAll(async () => {
  mock = await startNativeMock();
  await setupRoot();
  root = await login(ROOT_USER.username, ROOT_USER.password);
});

afterAll(async () => {
  await mock.close();
});

async function testChannel(fields: Record<string, unknown>, model: string) {
  const id = await createChannel(root, { base_url: mock.url, ...fields });
  const res = await call(testOneRoute, "GET", `/api/channel/test/${id}?model=${encodeURIComponent(model)}`, {
    cookie: root,
    params: { id: String(id) },
  });
  return { json: res.json, seen: mock.seen.at(-1)! };
}

test("channel test: Bedrock Converse signed with the session token; a wrong secret fails the signature", async () => {
  const ok = await testChannel(
    { name: "br", type: 33, key: `${AWS.ak}|${AWS.sk}|${AWS.token}|${REGION}`, models: "meta.llama3-8b" },
    "meta.llama3-8b",
  );
  expect(ok.json).toMatchObject({ success: true, message: "" });
  expect(ok.seen.path).toBe("/model/meta.llama3-8b/converse");
  expect(ok.seen.body).toMatchObject({ messages: [{ role: "user", content: [{ text: "hi" }] }] });
  const bad = await testChannel(
    { name: "br-bad", type: 33, key: `${AWS.ak}|wrong|${AWS.token}|${REGION}`, models: "meta.llama3-8b" },
    "meta.llama3-8b",
  );
  expect(bad.json.success).toBe(false);
  expect(bad.json.message).toContain("403");
});

test("channel test: Cohere /v2/chat and Ollama native /api/chat", async () => {
  const co = await testChannel({ name: "co", type: 34, key: COHERE_KEY, models: "command-a" }, "command-a");
  expect(co.json).toMatchObject({ success: true });
  expect(co.seen).toMatchObject({ path: "/v2/chat", body: { model: "command-a", stream: false } });
  const ol = await testChannel(
    { name: "ol", type: 4, key: "k", models: "llama3.1", setting: JSON.stringify({ ollama_api: "native" }) },
    "llama3.1",
  );
  expect(ol.json).toMatchObject({ success: true });
  expect(ol.seen).toMatchObject({ path: "/api/chat", body: { model: "llama3.1", stream: false } });
  const emb = await testChannel(
    { name: "ol-e", type: 4, key: "k", models: "nomic-embed-text", setting: JSON.stringify({ ollama_api: "native" }) },
    "nomic-embed-text",
  );
  expect(emb.json).toMatchObject({ success: true });
  expect(emb.seen.path).toBe("/api/embed");
});

test("model lists: Cohere /v1/models, Ollama /api/tags; Bedrock has none (control-plane API)", async () => {
  const list = (type: number, key: string) =>
    call<string[]>(fetchRoute, "POST", "/api/channel/fetch_models", {
      cookie: root,
      body: { base_url: mock.url, type, key },
    });
  expect((await list(34, COHERE_KEY)).json).toMatchObject({ success: true, data: ["command-a-03-2025", "embed-v4.0"] });
  expect(mock.seen.at(-1)!.headers.authorization).toBe(`Bearer ${COHERE_KEY}`);
  expect((await list(4, "k")).json).toMatchObject({ success: true, data: ["llama3.1:latest"] });
  expect(mock.seen.at(-1)!.path).toBe("/api/tags");
  const bedrock = await list(33, `${AWS.ak}|${AWS.sk}|${REGION}`);
  expect(bedrock.json.success).toBe(false);
});
