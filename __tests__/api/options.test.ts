// GET/PUT /api/option/ and POST /api/option/rest_model_ratio: roles (admins write only the
// allow-list, secrets and everything that routes a secret or vouches for an identity are root-only,
// secrets are never returned), every settings validation message on the input that
// causes it, nothing stored on refusal, saved options visible at once (/api/status), a moved
// endpoint clearing its secret, and the audit log of every write (issue 17 item 1).
import * as optionRoute from "@/app/api/option/route";
import * as resetRoute from "@/app/api/option/rest_model_ratio/route";
import * as statusRoute from "@/app/api/status/route";
import { DEFAULT_MODEL_PRICE, DEFAULT_MODEL_RATIO } from "@/modules/pricing/ratios/default-ratios";
import { serverMessage, type ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { call, setOptions, setupApiHarness } from "@/test-support/api/harness";
import { signInEveryRole } from "@/test-support/api/roles-support";

setupApiHarness();

type Entry = { key: string; value: string; secret?: boolean; is_set?: boolean };
let rootCookie = "";
let adminCookie = "";
let userCookie = "";

beforeAll(async () => {
  ({ rootCookie, adminCookie, userCookie } = await signInEveryRole());
});

async function options(cookie = adminCookie): Promise<Map<string, Entry>> {
  const res = await call<Entry[]>(optionRoute, "GET", "/api/option/", { cookie });
  expect(res.status).toBe(200);
  return new Map(res.json.data.map((e) => [e.key, e]));
}
const put = (key: string, value: unknown, cookie = adminCookie, headers?: Record<string, string>) =>
  call(optionRoute, "PUT", "/api/option/", { cookie, body: { key, value }, headers });
const zh = (key: string, params: Record<string, string | number> = {}) =>
  serverMessage("zh", key as ServerMessageKey, params);

test("visitors and ordinary users can neither read nor write options", async () => {
  expect((await call(optionRoute, "GET", "/api/option/")).status).toBe(401);
  expect((await call(optionRoute, "GET", "/api/option/", { cookie: userCookie })).status).toBe(403);
  expect((await put("SystemName", "hacked", "")).status).toBe(401);
  expect((await put("SystemName", "hacked", userCookie)).status).toBe(403);
  expect((await call(resetRoute, "POST", "/api/option/rest_model_ratio", { cookie: userCookie })).status).toBe(403);
  expect((await options()).get("SystemName")?.value).toBe("New API");
});

test("an admin reads and writes ordinary options; the status call sees them at once", async () => {
  const res = await put("SystemName", "Settings Gateway");
  expect(res.status).toBe(200);
  expect(res.json.success).toBe(true);
  expect((await options()).get("SystemName")?.value).toBe("Settings Gateway");
  const status = await call<Record<string, unknown>>(statusRoute, "GET", "/api/status");
  expect(status.json.data.system_name).toBe("Settings Gateway");
  expect((await put("PasswordLoginEnabled", false, rootCookie)).json.success).toBe(true);
  const status2 = await call<Record<string, unknown>>(statusRoute, "GET", "/api/status");
  expect(status2.json.data.password_login_enabled).toBe(false);
  await put("PasswordLoginEnabled", "true", rootCookie);
});

test("secrets: never returned, only a set/not-set flag; writable by root only", async () => {
  const before = await options();
  expect(before.get("SMTPToken")).toEqual({ key: "SMTPToken", value: "", secret: true, is_set: false });
  const refused = await put("SMTPToken", "smtp-pass-1");
  expect(refused.status).toBe(403);
  expect(refused.json.message).toBe(zh("option_secret_root_only", { key: "SMTPToken" }));
  expect((await options(rootCookie)).get("SMTPToken")?.is_set).toBe(false);

  expect((await put("SMTPToken", "smtp-pass-1", rootCookie)).status).toBe(200);
  for (const cookie of [adminCookie, rootCookie]) {
    const res = await call<Entry[]>(optionRoute, "GET", "/api/option/", { cookie });
    expect(JSON.stringify(res.json)).not.toContain("smtp-pass-1");
    expect(res.json.data.find((e) => e.key === "SMTPToken")).toMatchObject({ value: "", is_set: true });
  }
  for (const key of ["GitHubClientSecret", "TurnstileSecretKey", "TelegramBotToken", "EpayKey", "oidc.client_secret"])
    expect((await put(key, "x")).status).toBe(403);
});

// [key, bad value, expected message key, params] — one row per per-key settings rule.
const BAD: [string, string, string, Record<string, string | number>][] = [
  ["ModelRatio", "{not json", "option_json_invalid", { key: "ModelRatio" }],
  ["GroupRatio", "{", "option_json_invalid", { key: "GroupRatio" }],
  ["UserUsableGroups", "[1", "option_json_invalid", { key: "UserUsableGroups" }],
  ["ModelPrice", '{"a":"b"}', "option_json_number_map", { key: "ModelPrice" }],
  ["CacheRatio", '{"a":-1}', "option_json_number_map", { key: "CacheRatio" }],
  ["CompletionRatio", "[]", "option_json_number_map", { key: "CompletionRatio" }],
  ["Chats", '{"a":1}', "option_json_chats", { key: "Chats" }],
  ["gemini.safety_settings", "{x", "option_json_invalid", { key: "gemini.safety_settings" }],
  ["gemini.version_settings", '{"default":1}', "option_json_string_map", { key: "gemini.version_settings" }],
  ["claude.model_headers_settings", '{"m":1}', "option_json_header_map", { key: "claude.model_headers_settings" }],
  ["claude.default_max_tokens", '{"default":-1}', "option_json_positive_int_map", { key: "claude.default_max_tokens" }],
  ["ModelRequestRateLimitGroup", '{"g":[1,0]}', "option_json_rate_limit_group", { key: "ModelRequestRateLimitGroup" }],
  ["RebatePercentage", "101", "option_rebate_range", {}],
  ["RebatePercentage", "-1", "option_rebate_range", {}],
  ["CheckInQuota", "-1", "option_checkin_min", {}],
  ["CheckInMaxQuota", "-5", "option_checkin_min", {}],
  ["ModelRequestRateLimitDurationMinutes", "-1", "option_rate_limit_duration_min", {}],
  ["ModelRequestRateLimitCount", "-1", "option_rate_limit_count_min", {}],
  ["ModelRequestRateLimitSuccessCount", "0", "option_rate_limit_success_min", {}],
  ["gemini.thinking_adapter_budget_tokens_percentage", "0.001", "option_gemini_budget_range", {}],
  ["gemini.thinking_adapter_budget_tokens_percentage", "1.5", "option_gemini_budget_range", {}],
  ["claude.thinking_adapter_budget_tokens_percentage", "0.09", "option_claude_budget_range", {}],
  ["global.auto_retry_count", "0", "option_auto_retry_count_range", {}],
  ["global.auto_retry_count", "11", "option_auto_retry_count_range", {}],
  ["general_setting.ping_interval_seconds", "0", "option_ping_interval_min", {}],
  ["fallback_single_price", "-0.5", "option_fallback_min", {}],
  ["LogConsumeEnabled", "yes", "option_boolean", { key: "LogConsumeEnabled" }],
  ["QuotaForNewUser", "1.5", "option_integer", { key: "QuotaForNewUser", min: 0, max: 0 }],
  ["DataExportDefaultTime", "year", "option_enum", { key: "DataExportDefaultTime", values: "hour, day, week" }],
  ["ServerAddress", "javascript:alert(1)", "option_url", { key: "ServerAddress" }],
  ["AutomaticRetryStatusCodes", "5xx", "option_status_codes", { key: "AutomaticRetryStatusCodes" }],
  ["global.auto_retry_status_codes", "often", "option_retry_codes", { key: "global.auto_retry_status_codes" }],
  ["NoSuchOption", "1", "option_unknown", { key: "NoSuchOption" }],
];

test.each(BAD)("%s = %j is refused with its message and nothing is stored", async (key, value, msg, params) => {
  const before = (await options(rootCookie)).get(key)?.value;
  const res = await put(key, value, rootCookie);
  expect(res.status).toBe(400);
  expect(res.json.success).toBe(false);
  expect(res.json.message).toBe(zh(msg, params));
  expect((await options(rootCookie)).get(key)?.value).toBe(before);
});

test("the spec's own texts, and English for English callers", async () => {
  expect((await put("RebatePercentage", "150")).json.message).toBe("返佣百分比必须在0到100之间");
  expect((await put("ModelRatio", "{")).json.message).toContain("不是合法的 JSON 字符串");
  const en = await put("RebatePercentage", "150", adminCookie, { "accept-language": "en-US,en" });
  expect(en.json.message).toBe("The rebate percentage must be between 0 and 100");
});

test("fallback pricing: a single price or both ratios, never mixed", async () => {
  const mixed = "请检查兜底倍率配置：使用单次价格时不能设置倍率，使用倍率时需要同时设置输入和补全倍率";
  expect((await put("fallback_single_price", "0.02")).status).toBe(200);
  const r1 = await put("fallback_input_ratio", "1");
  expect(r1.status).toBe(400);
  expect(r1.json.message).toBe(mixed);
  expect((await options()).get("fallback_input_ratio")?.value).toBe("");
  // switching to ratios: clear the price, then set both ratios
  expect((await put("fallback_single_price", "")).status).toBe(200);
  expect((await put("fallback_input_ratio", "1")).status).toBe(200);
  const r2 = await put("fallback_pricing_enabled", "true");
  expect(r2.json.message).toBe(mixed); // only one ratio set
  expect((await options()).get("fallback_pricing_enabled")?.value).toBe("false");
  expect((await put("fallback_completion_ratio", "2")).status).toBe(200);
  expect((await put("fallback_pricing_enabled", "true")).status).toBe(200);
  expect((await put("fallback_single_price", "0.01")).json.message).toBe(mixed);
});

test("a sign-in provider is enabled only once configured", async () => {
  const res = await put("GitHubOAuthEnabled", "true", rootCookie);
  expect(res.status).toBe(400);
  expect(res.json.message).toBe(
    zh("option_enable_requires", { key: "GitHubOAuthEnabled", need: "GitHubClientId, GitHubClientSecret" }),
  );
  await put("GitHubClientId", "cid", rootCookie);
  await put("GitHubClientSecret", "csecret", rootCookie);
  expect((await put("GitHubOAuthEnabled", "true", rootCookie)).status).toBe(200);
  const status = await call<Record<string, unknown>>(statusRoute, "GET", "/api/status");
  expect(status.json.data).toMatchObject({ github_oauth: true, github_client_id: "cid" });
  expect(JSON.stringify(status.json)).not.toContain("csecret");
});

test("values are accepted as numbers and booleans and stored as strings", async () => {
  expect((await put("RebatePercentage", 12.5)).status).toBe(200);
  expect((await put("CheckInEnabled", true)).status).toBe(200);
  const o = await options();
  expect(o.get("RebatePercentage")?.value).toBe("12.5");
  expect(o.get("CheckInEnabled")?.value).toBe("true");
});

test("rest_model_ratio is root-only and resets the four pricing maps to the bundled defaults", async () => {
  await setOptions({ ModelRatio: '{"mine":3}', ModelPrice: '{"x":1}' });
  const refused = await call(resetRoute, "POST", "/api/option/rest_model_ratio", { cookie: adminCookie });
  expect(refused.status).toBe(403);
  expect(JSON.parse((await options()).get("ModelRatio")!.value)).toEqual({ mine: 3 });
  const res = await call(resetRoute, "POST", "/api/option/rest_model_ratio", { cookie: rootCookie });
  expect(res.status).toBe(200);
  expect(res.json.message).toBe("预设倍率重置成功");
  const o = await options();
  expect(JSON.parse(o.get("ModelRatio")!.value)).toEqual(DEFAULT_MODEL_RATIO);
  expect(JSON.parse(o.get("ModelPrice")!.value)).toEqual(DEFAULT_MODEL_PRICE);
  expect(JSON.parse(o.get("CompletionRatio")!.value)["gpt-4o"]).toBe(4);
  expect(JSON.parse(o.get("CacheRatio")!.value)["gpt-4o"]).toBe(0.5);
});
