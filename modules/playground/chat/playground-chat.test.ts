// The playground's pure rules: SSE data → reply state, the chat request, stored
// chat parsing (聊天数据解析失败) and the settings' number rules.
import {
  applyStreamEvent,
  buildChatRequest,
  DEFAULT_SETTINGS,
  initialMessages,
  newMessage,
  parseMaxTokens,
  parseStreamData,
  pickGroup,
  pickModel,
  snapTemperature,
  type ChatMessage,
  type StreamEvent,
} from "@/modules/playground/chat/chat-state";
import { parseStoredPlayground, serializePlayground } from "@/modules/playground/chat/stored-chat";
import { omitZeroTokenLimits } from "@/relay/kernel/channel-transform";

const chunk = (content: unknown) => JSON.stringify({ choices: [{ index: 0, delta: { content } }] });

function run(events: (StreamEvent | null)[]): ChatMessage {
  let m = newMessage("assistant", "", "loading");
  for (const e of events) if (e) m = applyStreamEvent(m, e);
  return m;
}

describe("parseStreamData", () => {
  test("text deltas, the end marker, and chunks without text", () => {
    expect(parseStreamData(chunk("Hel"))).toEqual({ type: "delta", content: "Hel" });
    expect(parseStreamData("[DONE]")).toEqual({ type: "done" });
    expect(parseStreamData(" [DONE] ")).toEqual({ type: "done" });
    expect(parseStreamData(chunk(""))).toBeNull();
    expect(parseStreamData(JSON.stringify({ choices: [{ delta: { role: "assistant" } }] }))).toBeNull();
    expect(parseStreamData(JSON.stringify({ choices: [], usage: { total_tokens: 3 } }))).toBeNull();
    expect(parseStreamData("")).toBeNull();
  });

  test("an error object or unreadable data is an error carrying the data", () => {
    expect(parseStreamData(JSON.stringify({ error: { message: "quota exhausted", code: "x" } }))).toEqual({
      type: "error",
      detail: "quota exhausted",
    });
    expect(parseStreamData(JSON.stringify({ error: "plain" }))).toEqual({ type: "error", detail: "plain" });
    expect(parseStreamData("{not json")).toEqual({ type: "error", detail: "{not json" });
  });
});

describe("applyStreamEvent", () => {
  test("loading → incomplete while chunks arrive → complete at [DONE]", () => {
    let m = newMessage("assistant", "", "loading");
    m = applyStreamEvent(m, { type: "delta", content: "Hel" });
    expect(m).toMatchObject({ content: "Hel", status: "incomplete" });
    m = applyStreamEvent(m, { type: "delta", content: "lo" });
    expect(m).toMatchObject({ content: "Hello", status: "incomplete" });
    m = applyStreamEvent(m, { type: "done" });
    expect(m).toMatchObject({ content: "Hello", status: "complete" });
  });

  test("a stream that closes without the marker is complete with what arrived", () => {
    expect(run([parseStreamData(chunk("a")), { type: "closed" }])).toMatchObject({ content: "a", status: "complete" });
    expect(run([{ type: "closed" }])).toMatchObject({ content: "", status: "complete" });
  });

  test("an error appends its data to the reply and is final", () => {
    const m = run([parseStreamData(chunk("partial")), { type: "error", detail: "upstream broke (502)" }]);
    expect(m).toMatchObject({ content: "partial\n\nupstream broke (502)", status: "error" });
    expect(applyStreamEvent(m, { type: "delta", content: "more" })).toBe(m);
    expect(applyStreamEvent(m, { type: "done" })).toBe(m);
    expect(run([{ type: "error", detail: "no channel" }])).toMatchObject({ content: "no channel", status: "error" });
  });

  test("nothing changes a complete reply", () => {
    const done = run([parseStreamData(chunk("x")), { type: "done" }]);
    expect(applyStreamEvent(done, { type: "delta", content: "y" })).toBe(done);
    expect(applyStreamEvent(done, { type: "error", detail: "late" })).toBe(done);
  });
});

describe("buildChatRequest", () => {
  test("request defaults: gpt-4o-mini, empty group, max_tokens 0, temperature 0, stream true", () => {
    const [greet, reply] = initialMessages("你好", "你好，请问有什么可以帮助您的吗？");
    const body = buildChatRequest(DEFAULT_SETTINGS, [greet!, reply!, newMessage("user", "hi", "complete")]);
    expect(body).toEqual({
      messages: [
        { role: "system", content: "You are a helpful assistant." },
        { role: "user", content: "你好" },
        { role: "assistant", content: "你好，请问有什么可以帮助您的吗？" },
        { role: "user", content: "hi" },
      ],
      stream: true,
      model: "gpt-4o-mini",
      group: "",
      max_tokens: 0,
      temperature: 0,
    });
  });

  test("failed or empty replies are not sent back; an empty system prompt is left out", () => {
    const history = [
      newMessage("user", "q1", "complete"),
      newMessage("assistant", "boom", "error"),
      newMessage("assistant", "", "complete"),
      newMessage("user", "q2", "complete"),
    ];
    const body = buildChatRequest({ ...DEFAULT_SETTINGS, systemPrompt: "  ", max_tokens: 12.7 }, history);
    expect(body.messages).toEqual([
      { role: "user", content: "q1" },
      { role: "user", content: "q2" },
    ]);
    expect(body.max_tokens).toBe(12);
  });
});

describe("settings rules", () => {
  test("max_tokens is parsed as an integer, 0 when empty or invalid", () => {
    expect(parseMaxTokens("256")).toBe(256);
    expect(parseMaxTokens("12.9")).toBe(12);
    expect(parseMaxTokens("")).toBe(0);
    expect(parseMaxTokens("abc")).toBe(0);
    expect(parseMaxTokens("-5")).toBe(0);
  });

  test("temperature snaps to 0.1–1 in steps of 0.1", () => {
    expect(snapTemperature(0.30000000000000004)).toBe(0.3);
    expect(snapTemperature(0)).toBe(0.1);
    expect(snapTemperature(3)).toBe(1);
    expect(snapTemperature(Number.NaN)).toBe(0.1);
  });

  test("a model the group does not serve gives way to the group's first model", () => {
    expect(pickModel("gpt-4o-mini", ["a", "b"])).toBe("a");
    expect(pickModel("b", ["a", "b"])).toBe("b");
    expect(pickModel("gpt-4o-mini", [])).toBe("gpt-4o-mini");
    expect(pickModel("gpt-4o-mini", undefined)).toBe("gpt-4o-mini");
  });

  test("a group the user may no longer use falls back to the own group", () => {
    expect(pickGroup("vip", ["default", "vip"])).toBe("vip");
    expect(pickGroup("gone", ["default"])).toBe("");
    expect(pickGroup("vip", undefined)).toBe("vip");
    expect(pickGroup("", ["default"])).toBe("");
  });

  test("the relay leaves out a zero max_tokens (no limit), as new-api does", () => {
    expect(omitZeroTokenLimits({ model: "m", max_tokens: 0, max_completion_tokens: 0 })).toEqual({ model: "m" });
    const limited = { model: "m", max_tokens: 5 };
    expect(omitZeroTokenLimits(limited)).toBe(limited);
  });
});

describe("stored playground chat", () => {
  test("round trip; nothing stored is 'empty'", () => {
    const value = { settings: { ...DEFAULT_SETTINGS, model: "m" }, messages: initialMessages("hi", "hello", 5) };
    expect(parseStoredPlayground(serializePlayground(value))).toEqual({ kind: "ok", value });
    expect(parseStoredPlayground(null)).toEqual({ kind: "empty" });
  });

  test("unparsable or wrongly shaped data is 'invalid' (the page reports 聊天数据解析失败 and resets)", () => {
    expect(parseStoredPlayground("{broken")).toEqual({ kind: "invalid" });
    expect(parseStoredPlayground("[]")).toEqual({ kind: "invalid" });
    expect(parseStoredPlayground(JSON.stringify({ settings: DEFAULT_SETTINGS, messages: [{ role: "x" }] }))).toEqual({
      kind: "invalid",
    });
    expect(
      parseStoredPlayground(JSON.stringify({ settings: { ...DEFAULT_SETTINGS, temperature: 7 }, messages: [] })),
    ).toEqual({ kind: "invalid" });
  });

  test("a reply cut off by leaving the page comes back as incomplete", () => {
    const messages = [newMessage("assistant", "half", "incomplete"), newMessage("assistant", "", "loading")];
    const r = parseStoredPlayground(serializePlayground({ settings: DEFAULT_SETTINGS, messages }));
    expect(r.kind === "ok" && r.value.messages.map((m) => m.status)).toEqual(["incomplete", "incomplete"]);
  });
});
