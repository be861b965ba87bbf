// claude.* option parsing: default max tokens per model, thinking adapter switches, per-model headers.
import { optionsOf } from "@/lib/server/options/store";
import {
  defaultMaxTokens,
  modelHeaders,
  thinkingAdapterEnabled,
  thinkingBudgetShare,
} from "@/relay/vendors/anthropic/request-options";
import { OPTION_DEFAULTS } from "@/lib/server/options/defaults";

const map = (o: Record<string, string>) => optionsOf(Object.entries(o));

test("defaultMaxTokens: per model, then default, then 8192; invalid values ignored", () => {
  const table = map({
    "claude.default_max_tokens": JSON.stringify({ default: 2000, "claude-a": 100, "claude-b": -1 }),
  });
  expect(defaultMaxTokens(table, "claude-a")).toBe(100);
  expect(defaultMaxTokens(table, "claude-b")).toBe(2000);
  expect(defaultMaxTokens(table, "other")).toBe(2000);
  expect(defaultMaxTokens(map({ "claude.default_max_tokens": "not json" }), "x")).toBe(8192);
  expect(defaultMaxTokens(map({}), "x")).toBe(8192);
});

test("the default option: 8192, and 4096 for the older models", () => {
  const defaults = map({ "claude.default_max_tokens": OPTION_DEFAULTS["claude.default_max_tokens"]! });
  expect(defaultMaxTokens(defaults, "claude-sonnet-4-20250514")).toBe(8192);
  expect(defaultMaxTokens(defaults, "claude-3-5-sonnet-20241022")).toBe(8192);
  for (const old of ["claude-3-haiku-20240307", "claude-3-opus-20240229", "claude-3-sonnet-20240229", "claude-2.1"])
    expect(defaultMaxTokens(defaults, old)).toBe(4096);
});

test("thinking adapter: enabled unless 'false'; budget share within (0,1) else 0.8", () => {
  expect(thinkingAdapterEnabled(map({}))).toBe(true);
  expect(thinkingAdapterEnabled(map({ "claude.thinking_adapter_enabled": "false" }))).toBe(false);
  expect(thinkingBudgetShare(map({ "claude.thinking_adapter_budget_tokens_percentage": "0.6" }))).toBe(0.6);
  expect(thinkingBudgetShare(map({ "claude.thinking_adapter_budget_tokens_percentage": "5" }))).toBe(0.8);
  expect(thinkingBudgetShare(map({}))).toBe(0.8);
});

test("modelHeaders: list values joined, names lower-cased, unsafe names and other models ignored", () => {
  const options = map({
    "claude.model_headers_settings": JSON.stringify({
      "claude-a": {
        "Anthropic-Beta": ["x", "y"],
        "x-one": "1",
        "bad header\r\n": "z",
        "x-num": 5,
        "x-crlf": "a\r\nx-evil: 1",
      },
      "claude-b": { "x-b": "b" },
    }),
  });
  expect(modelHeaders(options, "claude-a")).toEqual({ "anthropic-beta": "x,y", "x-one": "1" });
  expect(modelHeaders(options, "claude-c")).toEqual({});
  expect(modelHeaders(map({ "claude.model_headers_settings": "[1]" }), "claude-a")).toEqual({});
  expect(modelHeaders(undefined, "claude-a")).toEqual({});
});
