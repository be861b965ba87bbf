import { applyParamOverride, applySystemPrompt, mapModel, mapStatus } from "@/relay/kernel/channel-transform";
import { RelayError } from "@/relay/kernel/errors";

describe("mapModel", () => {
  test("follows chains and stops at self-mapping", () => {
    expect(mapModel("a", { a: "b", b: "c" })).toBe("c");
    expect(mapModel("a", { a: "a" })).toBe("a");
    expect(mapModel("x", { a: "b" })).toBe("x");
    expect(mapModel("a", null)).toBe("a");
  });

  test("a cycle is a channel error (retryable), prototype keys are ignored", () => {
    expect(() => mapModel("a", { a: "b", b: "a" })).toThrow(RelayError);
    expect(mapModel("__proto__", JSON.parse('{"__proto__":"evil"}'))).toBe("__proto__");
    expect(mapModel("constructor", {})).toBe("constructor");
  });
});

describe("applyParamOverride", () => {
  test("deep merges, null deletes, forbidden keys are skipped", () => {
    const out = applyParamOverride(
      { model: "m", temperature: 1, extra: { a: 1, b: 2 } },
      JSON.parse('{"temperature":0.2,"extra":{"b":null,"c":3},"top_p":null,"__proto__":{"x":1}}'),
    );
    expect(out).toEqual({ model: "m", temperature: 0.2, extra: { a: 1, c: 3 } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe("applySystemPrompt", () => {
  test("prepends only when there is no system message", () => {
    expect(applySystemPrompt({ messages: [{ role: "user", content: "hi" }] }, "be brief").messages).toEqual([
      { role: "system", content: "be brief" },
      { role: "user", content: "hi" },
    ]);
    const withSystem = { messages: [{ role: "system", content: "own" }] };
    expect(applySystemPrompt(withSystem, "be brief")).toBe(withSystem);
  });
});

describe("mapStatus", () => {
  test("rewrites mapped statuses but never to or from 200", () => {
    expect(mapStatus(429, { "429": 500 })).toBe(500);
    expect(mapStatus(400, { "429": 500 })).toBe(400);
    expect(mapStatus(500, { "500": 200 })).toBe(500);
  });
});
