// Issue 36 "Input classes": a request the target vendor would refuse is refused when it is converted,
// in the client's dialect, naming the field; nothing reaches the channel and nothing is charged. Run
// on cross-format.test.ts's gateway (its Anthropic, Gemini and OpenAI channels and their mocks): one
// test per dialect pair, each also sending a valid converted request that still goes through.
import type { Gateway } from "./gateway";

export type RefusalSetup = {
  gw: Gateway;
  /** The requests each mock upstream has recorded so far. */
  sent: () => { claude: number; gemini: number; openai: number };
  models: { claude: string; gemini: string; openai: string };
};

type Dialect = "openai" | "claude" | "gemini";

type Case = {
  name: string;
  dialect: Dialect;
  /** The model (hence the channel) the request is for. */
  to: "claude" | "gemini" | "openai";
  path: (model: string) => string;
  bad: (model: string) => object;
  good: (model: string) => object;
  field: string;
};

const chat = () => "/v1/chat/completions";
const messages = () => "/v1/messages";
const generate = (model: string) => `/v1beta/models/${model}:generateContent`;
const hiGemini = { contents: [{ role: "user", parts: [{ text: "hello" }] }] };

const CASES: Case[] = [
  {
    name: "OpenAI chat -> Anthropic: a content part of unknown type",
    dialect: "openai",
    to: "claude",
    path: chat,
    bad: (model) => ({
      model,
      max_tokens: 20,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "look" },
            { type: "video_url", url: "x" },
          ],
        },
      ],
    }),
    good: (model) => ({ model, max_tokens: 20, messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }),
    field: "messages[0].content[1].type",
  },
  {
    name: "OpenAI chat -> Gemini: a null user content",
    dialect: "openai",
    to: "gemini",
    path: chat,
    bad: (model) => ({
      model,
      messages: [
        { role: "system", content: "s" },
        { role: "user", content: null },
      ],
    }),
    good: (model) => ({ model, messages: [{ role: "user", content: "hi" }] }),
    field: "messages[1].content",
  },
  {
    name: "Claude messages -> OpenAI: a block of unknown type",
    dialect: "claude",
    to: "openai",
    path: messages,
    bad: (model) => ({
      model,
      max_tokens: 20,
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "a" },
            { type: "hologram", data: "x" },
          ],
        },
      ],
    }),
    good: (model) => ({ model, max_tokens: 20, messages: [{ role: "user", content: [{ type: "text", text: "a" }] }] }),
    field: "messages[0].content[1].type",
  },
  {
    name: "Claude messages -> Gemini: a text block whose text is null",
    dialect: "claude",
    to: "gemini",
    path: messages,
    bad: (model) => ({ model, max_tokens: 20, messages: [{ role: "user", content: [{ type: "text", text: null }] }] }),
    good: (model) => ({ model, max_tokens: 20, messages: [{ role: "user", content: "hi" }] }),
    field: "messages[0].content[0].text",
  },
  {
    name: "Gemini -> OpenAI: a part with no data field",
    dialect: "gemini",
    to: "openai",
    path: generate,
    bad: () => ({ contents: [{ role: "user", parts: [{ text: "a" }, { thought: true }] }] }),
    good: () => hiGemini,
    field: "contents[0].parts[1]",
  },
  {
    name: "Gemini -> Anthropic: an empty parts list",
    dialect: "gemini",
    to: "claude",
    path: generate,
    bad: () => ({
      contents: [
        { role: "user", parts: [{ text: "a" }] },
        { role: "model", parts: [] },
      ],
    }),
    good: () => hiGemini,
    field: "contents[1].parts",
  },
  {
    name: "Responses -> Anthropic: an input part of unknown type",
    dialect: "openai",
    to: "claude",
    path: () => "/v1/responses",
    bad: (model) => ({ model, input: [{ role: "user", content: [{ type: "input_video", video_url: "x" }] }] }),
    good: (model) => ({ model, input: [{ role: "user", content: [{ type: "input_text", text: "hi" }] }] }),
    field: "input[0].content[0].type",
  },
];

/** The message and the dialect's envelope of a 400 answer. */
function refusalOf(dialect: Dialect, body: Record<string, unknown>): { message: string; shaped: boolean } {
  const error = body.error as Record<string, unknown> | undefined;
  const message = String(error?.message ?? "");
  if (dialect === "claude")
    return { message, shaped: body.type === "error" && error?.type === "invalid_request_error" };
  if (dialect === "gemini") return { message, shaped: error?.code === 400 && error.status === "INVALID_ARGUMENT" };
  return { message, shaped: error?.type === "invalid_request_error" && error.code === "invalid_field" };
}

export function describeConversionRefusals(setup: () => RefusalSetup): void {
  describe("converted requests the target vendor would refuse (issue 36)", () => {
    const post = (key: string, path: string, body: object, language = "en") =>
      fetch(`${setup().gw.url}${path}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${key}`,
          "x-api-key": key,
          "x-goog-api-key": key,
          "content-type": "application/json",
          "accept-language": language,
        },
        body: JSON.stringify(body),
      });

    test.each(CASES.map((c) => [c.name, c] as const))(
      "%s: 400 in the client's shape, nothing sent or charged",
      async (_, c) => {
        const { gw, sent, models } = setup();
        const model = models[c.to];
        const t = await gw.createToken({ unlimited_quota: false, remain_quota: 100_000 });
        const before = sent();
        const res = await post(t.key, c.path(model), c.bad(model));
        const body = (await res.json()) as Record<string, unknown>;
        expect([res.status, refusalOf(c.dialect, body).shaped]).toEqual([400, true]);
        expect(refusalOf(c.dialect, body).message).toContain(`Invalid field '${c.field}'`);
        expect(sent()).toEqual(before);
        await gw.settle();
        const [token] = await gw.sql<{ remainQuota: number }>("select remainQuota from tokens where id = ?", t.id);
        expect(Number(token!.remainQuota)).toBe(100_000);
        expect(await gw.sql("select 1 from logs where tokenId = ? and type = 2", t.id)).toEqual([]);

        const ok = await post(t.key, c.path(model), c.good(model));
        expect(ok.status).toBe(200);
        expect(sent()[c.to]).toBe(before[c.to] + 1);
      },
    );

    test("the refusal is in the caller's language (zh)", async () => {
      const { gw, models } = setup();
      const t = await gw.createToken();
      const c = CASES[0]!;
      const res = await post(t.key, c.path(models.claude), c.bad(models.claude), "zh-CN,zh;q=0.9");
      const body = (await res.json()) as { error: { message: string } };
      expect(res.status).toBe(400);
      expect(body.error.message).toContain(`字段 '${c.field}' 无效`);
    });
  });
}
