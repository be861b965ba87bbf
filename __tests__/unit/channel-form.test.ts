// The channel drawer's form -> payload rules (spec 2 §5 "Channels").
import {
  channelToForm,
  emptyChannelForm,
  formToPayload,
  keyModeAfterInput,
  type ChannelFormValues,
} from "@/modules/channels/client/channel-form";
import type { ChannelItem } from "@/modules/channels/client/api";

const valid = (patch: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...emptyChannelForm(),
  name: "n",
  key: "sk-1",
  models: ["m"],
  ...patch,
});

test("the spec's checks, in order", () => {
  const cases: [Partial<ChannelFormValues>, string][] = [
    [{ name: " " }, "name_key_required"],
    [{ key: " , \n" }, "name_key_required"],
    [{ models: [] }, "models_required"],
    // new-api's guard: models that are not a list (a stale double submit) -> 提交失败，请勿重复提交！
    [{ models: "m" as unknown as string[] }, "duplicate_submit"],
    [{ groups: [" "] }, "groups_required"],
    [{ model_mapping: "{x" }, "json_model_mapping"],
    [{ setting: "[" }, "json_setting"],
    [{ param_override: "1" }, "json_param_override"],
    [{ type: 41, other: "{bad" }, "region_json"],
    [{ priority: "1.5" }, "priority_integer"],
    [{ priority: "" }, "priority_integer"],
    [{ weight: "-1" }, "weight_invalid"],
  ];
  for (const [patch, error] of cases)
    expect([patch, formToPayload(valid(patch), "create")]).toEqual([patch, { ok: false, error }]);
});

test("max input tokens, model prefix and expiry (spec 2 §3) go into the payload", () => {
  const r = formToPayload(
    valid({ max_input_tokens: "4096", model_prefix: " acme/ ", expiry: "2030-01-02T03:04" }),
    "create",
  );
  expect(r.ok && r.channel).toMatchObject({
    max_input_tokens: 4096,
    model_prefix: "acme/",
    expired_time: Math.floor(new Date("2030-01-02T03:04").getTime() / 1000),
  });
  const never = formToPayload(valid(), "create");
  expect(never.ok && never.channel).toMatchObject({ max_input_tokens: 0, model_prefix: "", expired_time: 0 });
  for (const max_input_tokens of ["-1", "1.5", "abc", "2147483648"])
    expect(formToPayload(valid({ max_input_tokens }), "create")).toEqual({
      ok: false,
      error: "max_input_tokens_invalid",
    });
  expect(formToPayload(valid({ expiry: "not a date" }), "create")).toEqual({ ok: false, error: "expiry_invalid" });
});

test("editing may leave the key empty (kept); creating may not", () => {
  const edit = formToPayload(valid({ key: "" }), "edit");
  expect(edit.ok && "key" in edit.channel).toBe(false);
  expect(formToPayload(valid({ key: "" }), "create")).toEqual({ ok: false, error: "name_key_required" });
});

test("creating a type without an adapter is refused; editing a stored row of one is not", () => {
  expect(formToPayload(valid({ type: 18 }), "create")).toEqual({ ok: false, error: "type_unsupported" });
  expect(formToPayload(valid({ type: 999 }), "create")).toEqual({ ok: false, error: "type_unsupported" });
  // Before anything else: no other field can make it savable.
  expect(formToPayload(valid({ type: 15, name: "", key: "" }), "create")).toEqual({
    ok: false,
    error: "type_unsupported",
  });
  expect(formToPayload(valid({ type: 18 }), "edit").ok).toBe(true);
  expect(formToPayload(valid({ type: 1 }), "create").ok).toBe(true);
});

test("payload: base URL trimmed of slashes, mapping cleaned, numbers, lists, type 18 version", () => {
  const r = formToPayload(
    valid({
      type: 18,
      base_url: " http://h/// ",
      model_mapping: '{"a":"b","__proto__":"c"}',
      models: ["m", "m2"],
      groups: ["default", "vip"],
      priority: "-3",
      weight: "5",
      auto_ban: false,
    }),
    "edit", // type 18 has no adapter: only a stored row can be edited
  );
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  expect(r.channel).toMatchObject({
    base_url: "http://h",
    other: "v2.1",
    models: "m,m2",
    group: "default,vip",
    priority: -3,
    weight: 5,
    auto_ban: 0,
  });
  expect(JSON.parse(String(r.channel.model_mapping))).toEqual({ a: "b" });
});

test("several keys: batch or one multi-key channel; type 41 stays single", () => {
  const keys = "k1\nk2,k3";
  const batch = formToPayload(valid({ key: keys, keyMode: "multi" }), "create");
  expect(batch.ok && [batch.mode, batch.channel.key]).toEqual(["batch", "k1\nk2\nk3"]);
  const merged = formToPayload(
    valid({ key: keys, keyMode: "multi", multiCreate: "multi_to_single", multiKeyMode: "polling" }),
    "create",
  );
  expect(merged.ok && [merged.mode, merged.multi_key_mode]).toEqual(["multi_to_single", "polling"]);
  const sa = '{"project_id": "p",\n"client_email": "e@p", "private_key": "k"}';
  const vertex = formToPayload(valid({ type: 41, key: sa, keyMode: "multi" }), "edit");
  expect(vertex.ok && [vertex.mode, vertex.channel.key]).toEqual(["single", sa]);
  expect(keyModeAfterInput("a,b", 1, "single")).toBe("multi");
  expect(keyModeAfterInput("a,b", 41, "single")).toBe("single");
});

test("a channel becomes a form (lists split, numbers as text, multi-key mode kept)", () => {
  const c = {
    ...({} as ChannelItem),
    name: "x",
    type: 1,
    models: "a,b",
    group: "default",
    priority: 2,
    weight: 0,
    auto_ban: 1,
    base_url: "",
    other: "",
    openai_organization: "",
    test_model: "",
    model_mapping: "",
    tag: "",
    status_code_mapping: "",
    setting: "",
    param_override: "",
    header_override: "",
    system_prompt: "",
    remark: "",
    max_input_tokens: 8192,
    model_prefix: "p/",
    expired_time: Math.floor(new Date("2031-05-06T07:08").getTime() / 1000),
    channel_info: { is_multi_key: true, key_count: 2 },
  } as ChannelItem;
  expect(channelToForm(c)).toMatchObject({
    max_input_tokens: "8192",
    model_prefix: "p/",
    expiry: "2031-05-06T07:08",
    models: ["a", "b"],
    priority: "2",
    keyMode: "multi",
    key: "",
    auto_ban: true,
  });
});

test("types whose address cannot be derived need a base URL (Azure, Custom, Xinference); Dify and Coze do not", () => {
  for (const type of [3, 8, 47])
    expect([type, formToPayload(valid({ type, base_url: " / " }), "create")]).toEqual([
      type,
      { ok: false, error: "base_url_required" },
    ]);
  expect(formToPayload(valid({ type: 3, base_url: "https://x.openai.azure.com" }), "create").ok).toBe(true);
  const keys: Record<number, string> = {
    33: "AK|SK|us-east-1",
    41: '{"project_id": "p", "client_email": "e@p", "private_key": "k"}',
  };
  for (const type of [37, 49, 33, 41])
    expect([type, formToPayload(valid({ type, key: keys[type] ?? "sk-1" }), "create").ok]).toEqual([type, true]);
});

test("a Bedrock key needs a region (in the key or the region field); a Vertex key is a service-account JSON", () => {
  const bedrock = (key: string, other = "", action: "create" | "edit" = "create") =>
    formToPayload(valid({ type: 33, key, other }), action);
  for (const [key, other] of [
    ["AK|SK|us-east-1", ""],
    ["BedrockAPIKey|eu-west-3", ""],
    ["AK|SK", "us-west-2"],
    ["BedrockAPIKey", "ap-northeast-1"],
  ])
    expect([key, other, bedrock(key!, other).ok]).toEqual([key, other, true]);
  for (const [key, other] of [
    ["AK|SK", ""],
    ["AK|SK|", "us-west-2"], // a third part, even empty, is the region
    ["BedrockAPIKey", "not a region"],
    ["AK|SK|us-east-1\nAK2|SK2", ""], // every key of a multi-key text
  ])
    expect([key, other, bedrock(key!, other)]).toEqual([key, other, { ok: false, error: "region_required" }]);
  expect(bedrock("", "", "edit").ok).toBe(true); // an edit keeps the stored key

  const vertex = (key: string) => formToPayload(valid({ type: 41, key }), "create");
  expect(vertex('{"project_id": "p", "client_email": "e@p", "private_key": "k"}').ok).toBe(true);
  for (const key of ["sk-1", '{"client_email": "e@p", "private_key": "k"}', '["project_id"]'])
    expect([key, vertex(key)]).toEqual([key, { ok: false, error: "vertex_key_invalid" }]);
});
