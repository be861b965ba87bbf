// Channel form rules and the channel-type catalogue.
import {
  baseUrlEndsWithV1,
  defaultOtherFor,
  detectMultiKey,
  isRegionValid,
  joinKeysForSingleMode,
  normalizeBaseUrl,
  responseTimeTone,
  sanitizeModelMapping,
  splitKeyText,
  toList,
} from "@/lib/channel-rules";
import { editTagSchema } from "@/modules/channels/schemas";
import { allDefaultModels, CHANNEL_TYPES, defaultModelsFor } from "@/lib/channel-types";
import { TASK_CHANNEL_TYPES } from "@/relay/tasks/charge";
import { adapterFor } from "@/relay/vendors";

test("base URL: trailing slashes removed; /v1 at the end warns", () => {
  expect(normalizeBaseUrl(" https://a.example/// ")).toBe("https://a.example");
  expect(normalizeBaseUrl("https://a.example/api")).toBe("https://a.example/api");
  expect(baseUrlEndsWithV1("https://a.example/v1/")).toBe(true);
  expect(baseUrlEndsWithV1("https://a.example/V1")).toBe(true);
  expect(baseUrlEndsWithV1("https://a.example/v1beta")).toBe(false);
  expect(baseUrlEndsWithV1("https://v1.example")).toBe(false);
});

test("key mode: commas or newlines switch to multi-key, except for type 41; switching back joins with commas", () => {
  expect(detectMultiKey("sk-a", 1)).toBe(false);
  expect(detectMultiKey("sk-a,sk-b", 1)).toBe(true);
  expect(detectMultiKey("sk-a\nsk-b", 1)).toBe(true);
  expect(detectMultiKey("sk-a\n", 1)).toBe(false);
  expect(detectMultiKey('{"a": 1,\n "b": 2}', 41)).toBe(false);
  expect(splitKeyText(" a ,b\n\nc,", 1)).toEqual(["a", "b", "c"]);
  expect(splitKeyText("a,b\nc", 41)).toEqual(["a,b", "c"]);
  expect(joinKeysForSingleMode("a\nb\n c", 1)).toBe("a,b,c");
});

test("model mapping: __proto__, prototype and constructor keys are ignored, non-string targets dropped", () => {
  const text = '{"gpt-4": "gpt-4o", "__proto__": "x", "prototype": "y", "constructor": "z", "n": 5}';
  const clean = sanitizeModelMapping(text);
  expect(JSON.parse(clean)).toEqual({ "gpt-4": "gpt-4o" });
  expect(Object.keys(JSON.parse(clean))).toEqual(["gpt-4"]);
  expect(({} as Record<string, unknown>).x).toBeUndefined();
  expect(sanitizeModelMapping('{"__proto__": "x"}')).toBe("");
  expect(sanitizeModelMapping("")).toBe("");
  expect(sanitizeModelMapping("{broken")).toBe("{broken");
});

/** The message key editTagSchema gives a tag edit, or "" when it passes (the tag edit and inline edits use it). */
const tagEditIssue = (patch: Record<string, unknown>) => {
  const r = editTagSchema.safeParse({ tag: "t", ...patch });
  return r.success ? "" : (r.error.issues[0]?.message ?? "?");
};

test("JSON fields: empty or an object/array is valid", () => {
  for (const ok of ["", ' {"a":1} ', "[1]"]) expect(tagEditIssue({ model_mapping: ok })).toBe("");
  for (const bad of ["1", "{a:1}"]) expect(tagEditIssue({ model_mapping: bad })).toBe("channel_json_model_mapping");
});

test("type 41 region starting with { must be JSON; type 18 defaults to v2.1", () => {
  expect(isRegionValid(41, "us-east5")).toBe(true);
  expect(isRegionValid(41, '{"default": "us-east5"}')).toBe(true);
  expect(isRegionValid(41, "{bad")).toBe(false);
  expect(isRegionValid(1, "{bad")).toBe(true);
  expect(defaultOtherFor(18, "")).toBe("v2.1");
  expect(defaultOtherFor(18, "v3.5")).toBe("v3.5");
  expect(defaultOtherFor(1, "")).toBe("");
});

test("priority is an integer (min -999); weight a non-negative integer; lists not emptied", () => {
  for (const ok of [0, 5, -999, 3]) expect(tagEditIssue({ priority: ok })).toBe("");
  for (const bad of [1.5, Number.NaN, -1000, "3"])
    expect(tagEditIssue({ priority: bad })).toBe("channel_priority_integer");
  for (const ok of [0, 10]) expect(tagEditIssue({ weight: ok })).toBe("");
  for (const bad of [-1, 0.5, Number.NaN, "a"]) expect(tagEditIssue({ weight: bad })).toBe("channel_weight_invalid");
  expect(tagEditIssue({ models: " , " })).toBe("channel_models_required");
  expect(tagEditIssue({ groups: [] })).toBe("channel_groups_required");
});

test("response time colours: 0 untested, ≤1 s green, ≤3 s lime, ≤5 s yellow, else red", () => {
  expect([0, 1, 1000, 1001, 3000, 3001, 5000, 5001].map(responseTimeTone)).toEqual([
    "untested",
    "success",
    "success",
    "lime",
    "lime",
    "warning",
    "warning",
    "danger",
  ]);
});

test("lists: trimmed, de-duplicated, from text or arrays", () => {
  expect(toList(" a, b,a,,\nc ")).toEqual(["a", "b", "c"]);
  expect(toList(["x", " x ", "y"])).toEqual(["x", "y"]);
  expect(toList(undefined)).toEqual([]);
});

test("catalogue: unique ids, the spec's per-type model suggestions, relayed flags match the adapters", () => {
  expect(new Set(CHANNEL_TYPES.map((t) => t.id)).size).toBe(CHANNEL_TYPES.length);
  expect(defaultModelsFor(2)).toContain("mj_imagine");
  expect(defaultModelsFor(2)).not.toContain("swap_face");
  expect(defaultModelsFor(5)).toEqual(expect.arrayContaining([...defaultModelsFor(2), "swap_face"]));
  expect(defaultModelsFor(36)).toEqual(["suno_music", "suno_lyrics"]);
  expect(defaultModelsFor(43)).toContain("deepseek-chat");
  expect(defaultModelsFor(9999)).toEqual([]);
  const taskTypes = new Set<number>([
    ...TASK_CHANNEL_TYPES.midjourney,
    ...TASK_CHANNEL_TYPES.suno,
    ...TASK_CHANNEL_TYPES.video,
  ]);
  for (const t of CHANNEL_TYPES)
    expect([t.id, !!t.relayed]).toEqual([t.id, adapterFor(t.id) !== null || taskTypes.has(t.id)]);
  expect(allDefaultModels()).toEqual([...new Set(allDefaultModels())].sort());
});
