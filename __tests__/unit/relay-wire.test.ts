import { optionsOf } from "@/lib/server/options/store";
import type { RelayMode } from "@/relay/kernel/adapter";
import { RelayError } from "@/relay/kernel/errors";
import { formatFor } from "@/relay/vendors";
import type { Json } from "@/relay/kernel/format";
import { jsonTooDeep } from "@/relay/kernel/wire-guard";
import { deepNest, makeRng, mutate } from "@/test-support/hostile";

const opts = (mode: RelayMode = "chat") => ({
  mode,
  upstreamModel: "m",
  stream: false,
  options: optionsOf(),
});

/** The error inspect throws for body, or null when the body is accepted. */
function refusal(format: "openai" | "claude" | "gemini", body: unknown, mode: RelayMode = "chat"): RelayError | null {
  try {
    formatFor(format).inspect(body as Json, mode);
    return null;
  } catch (err) {
    if (!(err instanceof RelayError)) throw err;
    return err;
  }
}

/** Inspect, then every conversion the pipeline may run: only RelayErrors may come out. */
function convertAll(format: "openai" | "claude" | "gemini", body: Json, mode: RelayMode): void {
  formatFor(format).inspect(body, mode);
  const pivot = formatFor(format).toOpenAIRequest(body, opts(mode));
  for (const channel of ["openai", "claude", "gemini"] as const) {
    if (mode === "embeddings" && channel === "claude") continue;
    JSON.stringify(formatFor(channel).fromOpenAIRequest(pivot, opts(mode)));
    JSON.stringify(formatFor(channel).prepareNative(body, opts(mode)));
  }
}

const CLAUDE = {
  model: "c",
  max_tokens: 10,
  system: [{ type: "text", text: "sys" }],
  messages: [
    {
      role: "user",
      content: [
        { type: "text", text: "hi" },
        { type: "image", source: { type: "base64", data: "AA" } },
      ],
    },
    { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "f", input: { a: 1 } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "r" }] }] },
  ],
  tools: [{ name: "f", input_schema: { type: "object" } }],
  tool_choice: { type: "auto" },
};
const GEMINI = {
  contents: [
    { role: "user", parts: [{ text: "hi" }, { inlineData: { mimeType: "image/png", data: "AA" } }] },
    { role: "model", parts: [{ functionCall: { name: "f", args: { a: 1 } } }] },
    { role: "user", parts: [{ functionResponse: { name: "f", response: { ok: true } } }] },
  ],
  systemInstruction: { parts: [{ text: "sys" }] },
  tools: [{ functionDeclarations: [{ name: "f", parameters: { type: "OBJECT" } }] }],
  generationConfig: { maxOutputTokens: 10, stopSequences: ["x"] },
};
const OPENAI = {
  model: "m",
  messages: [
    { role: "system", content: "sys" },
    {
      role: "user",
      content: [
        { type: "text", text: "hi" },
        { type: "image_url", image_url: { url: "data:image/png;base64,AA" } },
      ],
    },
    {
      role: "assistant",
      content: null,
      tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: "{}" } }],
    },
    { role: "tool", tool_call_id: "c1", content: "r" },
  ],
  tools: [{ type: "function", function: { name: "f", parameters: { type: "object" } } }],
  tool_choice: "auto",
  stop: ["x"],
};

test("wrong types in Claude bodies are refused with a 400 naming the field (Claude -> OpenAI)", () => {
  for (const [patch, field] of [
    [{ messages: 5 }, "messages"],
    [{ messages: [null] }, "messages"],
    [{ messages: [{ role: "user", content: 7 }] }, "messages"],
    [{ messages: [{ role: "user", content: [null] }] }, "messages[0].content"],
    [{ messages: [{ role: "user", content: [{ type: "tool_result", content: { text: 1 } }] }] }, "messages[0].content"],
    [{ system: { text: "x" } }, "system"],
    [{ tools: "f" }, "tools"],
    [{ metadata: { user_id: 5 } }, "metadata.user_id"],
  ] as const) {
    const err = refusal("claude", { ...CLAUDE, ...patch });
    expect([JSON.stringify(patch), err?.status, err?.message]).toEqual([
      JSON.stringify(patch),
      400,
      expect.stringContaining(field),
    ]);
  }
  expect(refusal("claude", CLAUDE)).toBeNull();
});

test("wrong types in Gemini bodies are refused with a 400 naming the field (Gemini -> OpenAI)", () => {
  for (const [patch, field] of [
    [{ contents: 5 }, "contents"],
    [{ contents: [{ parts: null }] }, "contents"],
    [{ contents: [{ parts: { text: "x" } }] }, "contents"],
    [{ contents: [{ parts: [null] }] }, "contents[0].parts[0]"],
    [{ contents: [{ parts: [{ text: 5 }] }] }, "contents[0].parts[0].text"],
    [{ systemInstruction: 5 }, "systemInstruction"],
    [{ tools: [{ functionDeclarations: {} }] }, "tools[0].functionDeclarations"],
    [{ toolConfig: { functionCallingConfig: { allowedFunctionNames: "f" } } }, "toolConfig"],
  ] as const) {
    const err = refusal("gemini", { ...GEMINI, ...patch });
    expect([JSON.stringify(patch), err?.status, err?.message]).toEqual([
      JSON.stringify(patch),
      400,
      expect.stringContaining(field),
    ]);
  }
  expect(refusal("gemini", { requests: 5 }, "embeddings")?.message).toContain("requests");
  expect(refusal("gemini", { content: { parts: [{ text: 1 }] } }, "embeddings")?.message).toContain("content");
  expect(refusal("gemini", GEMINI)).toBeNull();
});

test("OpenAI bodies with wrong types never reach the Claude or Gemini conversion (OpenAI -> Claude/Gemini)", () => {
  for (const [patch, field] of [
    [{ messages: [null] }, "messages[0]"],
    [{ messages: [{ role: "user", content: 5 }] }, "messages[0].content"],
    [{ messages: [{ role: "user", content: [null] }] }, "messages[0].content[0]"],
    [{ messages: [{ role: "assistant", tool_calls: {} }] }, "messages[0].tool_calls"],
    [{ tools: [{ function: { name: 5 } }] }, "tools[0].function.name"],
    [{ stop: [1] }, "stop"],
    [{ messages: Array.from({ length: 10_001 }, () => ({ role: "user", content: "x" })) }, "messages"],
  ] as const) {
    const err = refusal("openai", { ...OPENAI, ...patch });
    expect([field, err?.status, err?.message]).toEqual([field, 400, expect.stringContaining(field)]);
  }
  expect(refusal("openai", { input: { a: 1 } }, "embeddings")?.message).toContain("input");
  expect(refusal("openai", OPENAI)).toBeNull();
});

test("nesting depth is measured on the raw bytes, strings skipped", () => {
  expect(jsonTooDeep(Buffer.from(JSON.stringify(deepNest(128))))).toBe(false);
  expect(jsonTooDeep(Buffer.from(JSON.stringify(deepNest(129))))).toBe(true);
  expect(jsonTooDeep(Buffer.from(JSON.stringify({ s: '[[[[\\"{{{{'.repeat(100) })), 3)).toBe(false);
});

test("seeded mutations of valid bodies: every conversion either works or answers a RelayError", () => {
  const seed = Number(process.env.FUZZ_SEED ?? 0x5eed);
  const r = makeRng(seed);
  const cases: ["openai" | "claude" | "gemini", unknown, RelayMode][] = [
    ["openai", OPENAI, "chat"],
    ["claude", CLAUDE, "chat"],
    ["gemini", GEMINI, "chat"],
    ["gemini", { content: { parts: [{ text: "e" }] } }, "embeddings"],
    ["openai", { model: "e", input: ["a", "b"] }, "embeddings"],
  ];
  for (let i = 0; i < 3000; i++) {
    const [format, template, mode] = cases[i % cases.length]!;
    const body = mutate(r, template);
    try {
      if (body && typeof body === "object" && !Array.isArray(body)) convertAll(format, body as Json, mode);
    } catch (err) {
      if (err instanceof RelayError && err.status === 400) continue;
      throw new Error(`seed ${seed} case ${i} (${format}): ${String(err)}\n${JSON.stringify(body).slice(0, 2000)}`);
    }
  }
});
