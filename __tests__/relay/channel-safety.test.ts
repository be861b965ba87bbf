// Issue 36, as attacks over HTTP against the production server (one gateway):
// - review 3 N4: an upstream 400 that quotes the request (OpenAI's invalid-role answer, whose message
//   holds the default AutomaticDisableKeywords phrase "Permission denied") never disables a channel,
//   while a real 401 invalid_api_key still does;
// - names of Object.prototype members as models, groups and keys of the channel's JSON maps are
//   ordinary names: priced and billed like any other (never a NaN balance), never a 5xx.
import type http from "node:http";
import { startGateway, type Gateway } from "./gateway";
import { jsonBodyServer, listenLoopback, sendJson as json } from "@/test-support/upstream/loopback";

type Seen = { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> };

let gw: Gateway;
let up: { url: string; close: () => Promise<void> };
const seen: Seen[] = [];
const ROLES = ["system", "assistant", "user", "function", "tool", "developer"];

/** OpenAI's answers, field for field: an invalid role (400 invalid_value) and a revoked key (401). */
function upstream(req: http.IncomingMessage, body: Record<string, unknown>, res: http.ServerResponse) {
  seen.push({ path: req.url ?? "", headers: req.headers, body });
  const model = String(body.model ?? "");
  const role = String((body.messages as { role?: unknown }[] | undefined)?.[0]?.role ?? "");
  if (!ROLES.includes(role))
    return json(res, 400, {
      error: {
        message: `Invalid value: '${role}'. Supported values are: 'system', 'assistant', 'user', 'function', 'tool', and 'developer'.`,
        type: "invalid_request_error",
        param: "messages[0].role",
        code: "invalid_value",
      },
    });
  if (model === "revoked-x")
    return json(res, 401, {
      error: {
        message:
          "Incorrect API key provided: sk-up***. You can find your API key at https://platform.openai.com/account/api-keys.",
        type: "invalid_request_error",
        param: null,
        code: "invalid_api_key",
      },
    });
  json(res, 200, {
    id: "x",
    object: "chat.completion",
    created: 1,
    model,
    choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
    usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  });
}

const chat = (key: string, model: string, role = "user") =>
  fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model, messages: [{ role, content: "hi" }] }),
  });

const channelStatus = async (id: number) =>
  (await gw.sql<{ status: number }>("select status from channels where id = ?", id))[0]!.status;

beforeAll(async () => {
  up = await listenLoopback(jsonBodyServer(upstream));
  gw = await startGateway();
  const option = async (key: string, value: string) => {
    const r = await gw.api("PUT", "/api/option/", { key, value });
    expect(r.json.success).toBe(true);
  };
  // JSON text keeps "__proto__" an own key (an object literal would set the prototype instead).
  await option("ModelRatio", '{"echo-x":1,"revoked-x":1,"plain":1,"constructor":1,"toString":1,"__proto__":1}');
  await option("AutomaticDisableChannelEnabled", "true");
}, 600_000);

afterAll(async () => {
  await gw?.stop();
  await up?.close();
});

describe("review 3 N4: a client's request never disables a channel", () => {
  test("OpenAI's invalid-role 400 quoting 'Permission denied' leaves the channel on; a 401 invalid_api_key disables", async () => {
    const echo = await gw.createChannel({ name: "echo", key: "sk-up", base_url: up.url, models: "echo-x" });
    const revoked = await gw.createChannel({ name: "revoked", key: "sk-up", base_url: up.url, models: "revoked-x" });
    const t = await gw.createToken();
    for (const role of ["Permission denied", "You exceeded your current quota", "Your account is not authorized"]) {
      const r = await chat(t.key, "echo-x", role);
      expect(r.status).toBe(400);
      expect(((await r.json()) as { error: { message: string } }).error.message).toContain(role);
    }
    // The same path disables a channel whose key the upstream refuses: once that is visible, the
    // refusals above (sent earlier, through the same code) have had their chance.
    expect((await chat(t.key, "revoked-x")).status).toBeGreaterThanOrEqual(400);
    await gw.waitFor(async () => (await channelStatus(revoked)) === 3, 10_000);
    expect(await channelStatus(echo)).toBe(1);
    expect((await chat(t.key, "echo-x")).status).toBe(200);
  });
});

describe("Object.prototype names are ordinary names", () => {
  const billed = async (tokenId: number) =>
    gw.sql<{ quota: number; modelName: string }>(
      "select quota, modelName from logs where type = 2 and tokenId = ? order by id",
      tokenId,
    );

  test("models named constructor, toString and __proto__ are priced by their own ratio and billed in full", async () => {
    await gw.createChannel({
      name: "proto-models",
      key: "sk-up",
      base_url: up.url,
      models: "constructor,toString,__proto__,plain",
      // Maps whose keys name prototype members: kept as keys, never an inherited member.
      status_code_mapping: '{"__proto__": 500, "constructor": 502, "toString": 400}',
      header_override: '{"constructor": "x", "__proto__": {"polluted": true}}',
      param_override: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
    });
    const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
    for (const model of ["constructor", "toString", "__proto__"]) {
      const r = await chat(t.key, model);
      expect([model, r.status]).toEqual([model, 200]);
    }
    // Unknown names that are prototype members: refused as unknown (no channel, no price), never a 500.
    for (const model of ["valueOf", "hasOwnProperty", "__defineGetter__"]) {
      const r = await chat(t.key, model);
      expect([model, r.status]).toEqual([model, expect.any(Number)]);
      expect(r.status === 503 || (r.status >= 400 && r.status < 500)).toBe(true);
    }
    await gw.settle();
    // Ratio 1, the default completion ratio 1: 10 + 20 tokens each, nothing NaN, nothing forgiven.
    const logs = await billed(t.id);
    expect(logs.map((l) => [l.modelName, l.quota])).toEqual([
      ["constructor", 30],
      ["toString", 30],
      ["__proto__", 30],
    ]);
    const [row] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", t.id);
    expect(row!.remainQuota).toBe(100_000 - 90);
    // The overrides' prototype keys reached no upstream body as a polluted member.
    for (const s of seen.slice(-3)) expect(JSON.stringify(s.body)).not.toContain("polluted");
  });

  test("a user in group toString pays the default group ratio, not a function", async () => {
    await gw.createChannel({ name: "proto-group", key: "sk-up", base_url: up.url, models: "plain", group: "toString" });
    const u = await gw.createUser("protogroup", 100_000);
    expect((await gw.api("PUT", "/api/user/", { id: u.id, group: "toString" })).json.success).toBe(true);
    const r = await chat(u.key, "plain");
    expect(r.status).toBe(200);
    await gw.settle();
    const [user] = await gw.sql<{ quota: number; usedQuota: number }>(
      "select quota, usedQuota from users where id = ?",
      u.id,
    );
    expect([user!.usedQuota, user!.quota]).toEqual([30, 100_000 - 30]);
  });
});
