// The channel drawer validates with the routes' schemas: form -> schema input, and the schema
// messages it shows (zh verbatim).
import { firstIssueByField } from "@/lib/client/form-issues";
import {
  channelFormInput,
  channelFormSchemas,
  channelToForm,
  createMode,
  emptyChannelForm,
  keyModeAfterInput,
  type ChannelFormValues,
} from "@/modules/channels/client/channel-form";
import type { ChannelItem } from "@/modules/channels/client/api";
import { catalogues } from "@/messages";

const valid = (patch: Partial<ChannelFormValues> = {}): ChannelFormValues => ({
  ...emptyChannelForm(),
  name: "n",
  key: "sk-1",
  models: ["m"],
  ...patch,
});
/** The drawer's check: the payload, or the message key of each refused field. */
function submit(v: ChannelFormValues, editId: number | null = null) {
  const parsed =
    editId === null
      ? channelFormSchemas.create.safeParse(channelFormInput(v))
      : channelFormSchemas.edit.safeParse(channelFormInput(v, editId));
  return parsed.success
    ? { ok: true as const, channel: parsed.data as Record<string, unknown> }
    : { ok: false as const, errors: firstIssueByField(parsed.error), issues: parsed.error.issues };
}
const zh = (key: string) => (catalogues.zh.server as Record<string, string>)[key];

test("the spec's checks: each refused field carries the schema's message, the spec's zh text", () => {
  const cases: [Partial<ChannelFormValues>, string, string][] = [
    [{ name: " " }, "name", "请填写渠道名称和渠道密钥！"],
    [{ key: " , \n" }, "key", "请填写渠道名称和渠道密钥！"],
    [{ models: [] }, "models", "请至少选择一个模型！"],
    [{ groups: [" "] }, "group", "请至少选择一个分组！"],
    [{ model_mapping: "{x" }, "model_mapping", "模型映射必须是合法的 JSON 格式！"],
    [{ setting: "[" }, "setting", "渠道额外设置必须是合法的 JSON 格式！"],
    [{ param_override: "1" }, "param_override", "参数覆盖必须是合法的 JSON 格式！"],
    [{ type: 41, key: "{}", other: "{bad" }, "other", "部署地区必须是合法的 JSON 格式！"],
    [{ priority: "1.5" }, "priority", "优先级必须是整数！"],
    [{ priority: "" }, "priority", "优先级必须是整数！"],
    [{ priority: "-1000" }, "priority", "优先级必须是整数！"],
    [{ weight: "-1" }, "weight", "权重必须是非负整数！"],
    [{ weight: "x" }, "weight", "权重必须是非负整数！"],
    ...["-1", "1.5", "abc", "2147483648"].map((max_input_tokens): [Partial<ChannelFormValues>, string, string] => [
      { max_input_tokens },
      "max_input_tokens",
      "最大输入 Token 数必须是非负整数！",
    ]),
    [{ expiry: "not a date" }, "expired_time", "过期时间格式错误！"],
  ];
  for (const [patch, field, text] of cases) {
    const r = submit(valid(patch));
    const key = r.ok ? "" : (r.errors[field] ?? "");
    expect([patch, field, zh(key)]).toEqual([patch, field, text]);
  }
});

test("max input tokens, model prefix and expiry go into the payload", () => {
  const r = submit(valid({ max_input_tokens: "4096", model_prefix: " acme/ ", expiry: "2030-01-02T03:04" }));
  expect(r.ok && r.channel).toMatchObject({
    max_input_tokens: 4096,
    model_prefix: "acme/",
    expired_time: Math.floor(new Date("2030-01-02T03:04").getTime() / 1000),
  });
  const never = submit(valid({ max_input_tokens: "" }));
  expect(never.ok && never.channel).toMatchObject({ max_input_tokens: 0, model_prefix: "", expired_time: 0 });
});

test("editing may leave the key empty (kept); creating may not", () => {
  const edit = submit(valid({ key: "" }), 3);
  expect(edit.ok && edit.channel).toMatchObject({ id: 3 });
  expect(edit.ok && "key" in edit.channel).toBe(false);
  expect(submit(valid({ key: "" }))).toMatchObject({ ok: false, errors: { key: "channel_name_key_required" } });
});

test("creating a type without an adapter is refused with its number; editing a stored row of one is not", () => {
  for (const type of [18, 999]) {
    const r = submit(valid({ type }));
    expect(r.ok).toBe(false);
    const issue = !r.ok && r.issues.find((i) => i.path[0] === "type");
    expect(issue && [issue.message, issue.code === "custom" && issue.params]).toEqual([
      "channel_type_unsupported",
      { type },
    ]);
  }
  expect(submit(valid({ type: 18 }), 1).ok).toBe(true);
  expect(submit(valid({ type: 1 })).ok).toBe(true);
});

test("payload: base URL trimmed of slashes, mapping cleaned, numbers, lists, type 18 version", () => {
  const r = submit(
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
    1, // type 18 has no adapter: only a stored row can be edited
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
  const batch = valid({ key: keys, keyMode: "multi" });
  expect([createMode(batch).mode, channelFormInput(batch).key]).toEqual(["batch", "k1\nk2\nk3"]);
  const merged = valid({ key: keys, keyMode: "multi", multiCreate: "multi_to_single", multiKeyMode: "polling" });
  expect(createMode(merged)).toEqual({ mode: "multi_to_single", multi_key_mode: "polling" });
  expect(createMode(valid({ keyMode: "multi" })).mode).toBe("single"); // one key: a plain channel
  const vertex = valid({ type: 41, key: '{"a": 1,\n"b": 2}', keyMode: "multi" });
  expect([createMode(vertex).mode, channelFormInput(vertex, 1).key]).toEqual(["single", '{"a": 1,\n"b": 2}']);
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
  for (const type of [3, 8, 47]) {
    const r = submit(valid({ type, base_url: " / " }));
    expect([type, r.ok ? "" : zh(r.errors.base_url ?? "")]).toEqual([
      type,
      "该渠道类型必须填写 Base URL（网关无法推导出地址）。",
    ]);
  }
  expect(submit(valid({ type: 3, base_url: "https://x.openai.azure.com" })).ok).toBe(true);
  const sa = '{"project_id": "p", "client_email": "e@p", "private_key": "k"}';
  const keys: Record<number, string> = { 33: "AK|SK|us-east-1", 41: sa };
  for (const type of [37, 49, 33, 41])
    expect([type, submit(valid({ type, key: keys[type] ?? "sk-1" })).ok]).toEqual([type, true]);
});

test("a Bedrock key needs a region, a Vertex key is a service-account JSON (form and API alike)", () => {
  const bedrock = (key: string, other: string, setting = "") => submit(valid({ type: 33, key, other, setting }));
  for (const [key, other, setting] of [
    ["AK|SK|us-east-1", "", ""],
    ["AK|SK|TOKEN|eu-central-1", "", ""],
    ["BedrockAPIKey|eu-west-3", "", ""],
    ["AK|SK", "us-west-2", ""],
    ["BedrockAPIKey", "ap-northeast-1", ""],
    ["AK|SK", "", '{"region": "us-east-2"}'],
  ])
    expect([key, other, bedrock(key!, other!, setting).ok]).toEqual([key, other, true]);
  for (const [key, other] of [
    ["AK|SK", ""],
    ["AK|SK|", "us-west-2"], // a third part, even empty, is the region
    ["BedrockAPIKey", "not a region"],
    ["AK|SK|us-east-1\nAK2|SK2", ""], // every key of a multi-key text
  ]) {
    const r = bedrock(key!, other!);
    expect([key, other, r.ok ? "" : zh(r.errors.other ?? "")]).toEqual([key, other, zh("channel_region_required")]);
  }
  // An edit that leaves the key empty keeps the stored one.
  expect(submit(valid({ type: 33, key: "", other: "" }), 7).ok).toBe(true);
  expect(submit(valid({ type: 33, key: "AK|SK", other: "" }), 7).ok).toBe(false);

  const vertex = (key: string) => submit(valid({ type: 41, key }));
  expect(vertex('{"project_id": "p", "client_email": "e@p", "private_key": "k"}').ok).toBe(true);
  for (const key of ["sk-1", '{"client_email": "e@p", "private_key": "k"}', '["project_id"]']) {
    const r = vertex(key);
    expect([key, r.ok ? "" : zh(r.errors.key ?? "")]).toEqual([key, zh("channel_vertex_key_invalid")]);
  }
});

test("a Tencent Hunyuan key is an API key, not new-api's AppId|SecretId|SecretKey (the relay speaks the OpenAI-compatible API)", () => {
  const r = submit(valid({ type: 23, key: "1250000000|AKIDxxxx|secretxxxx" }));
  expect(r.ok ? "" : zh(r.errors.key ?? "")).toBe(zh("channel_hunyuan_api_key_required"));
  expect(submit(valid({ type: 23, key: "sk-hunyuan-api-key" })).ok).toBe(true);
});
