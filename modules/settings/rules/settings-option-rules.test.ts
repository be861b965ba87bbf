// Per-key option rules shared by PUT /api/option/ and the settings forms.
import { checkFallbackPricing, checkOptionValue, isBooleanOptionKey } from "@/modules/settings/rules/option-rules";
import { hasJsonShape } from "@/modules/settings/rules/json-shapes";

const id = (key: string, value: string) => checkOptionValue(key, value)?.id ?? null;

test("booleans are the strings true/false", () => {
  expect(isBooleanOptionKey("LogConsumeEnabled")).toBe(true);
  expect(isBooleanOptionKey("oidc.enabled")).toBe(true);
  expect(isBooleanOptionKey("DefaultCollapseSidebar")).toBe(true);
  expect(id("LogConsumeEnabled", "true")).toBeNull();
  expect(id("LogConsumeEnabled", "yes")).toBe("boolean");
  expect(id("DefaultCollapseSidebar", "1")).toBe("boolean");
});

test("JSON keys must parse and have their shape", () => {
  expect(id("ModelRatio", "{bad")).toBe("json_invalid");
  expect(id("ModelRatio", '{"gpt-4o":"cheap"}')).toBe("json_number_map");
  expect(id("ModelRatio", '{"gpt-4o":-1}')).toBe("json_number_map");
  expect(id("ModelRatio", "[]")).toBe("json_number_map");
  expect(id("ModelRatio", '{"gpt-4o":1.25}')).toBeNull();
  expect(id("UserUsableGroups", '{"default":1}')).toBe("json_string_map");
  expect(id("Chats", '[{"Next":"https://x/#/?key={key}"}]')).toBeNull();
  expect(id("Chats", '{"a":"b"}')).toBe("json_chats");
  expect(id("ModelRequestRateLimitGroup", '{"vip":[10,0]}')).toBe("json_rate_limit_group");
  expect(id("ModelRequestRateLimitGroup", '{"vip":[0,1]}')).toBeNull();
  expect(id("claude.default_max_tokens", '{"default":0}')).toBe("json_positive_int_map");
  expect(id("claude.model_headers_settings", '{"m":{"anthropic-beta":["x"]}}')).toBeNull();
  expect(id("claude.model_headers_settings", '{"m":["x"]}')).toBe("json_header_map");
  expect(id("gemini.supported_imagine_models", '["a",1]')).toBe("json_string_list");
  expect(hasJsonShape("model_mapping", { v: [{ model: "a", priorities: 1 }] })).toBe(true);
  expect(hasJsonShape("model_mapping", { v: [{ model: "a", priorities: -1 }] })).toBe(false);
});

test("numeric ranges with the spec's own messages", () => {
  expect(id("RebatePercentage", "100.5")).toBe("rebate_range");
  expect(id("RebatePercentage", "-0.1")).toBe("rebate_range");
  expect(id("RebatePercentage", "12.5")).toBeNull();
  expect(id("CheckInQuota", "-1")).toBe("checkin_min");
  expect(id("CheckInMaxQuota", "")).toBeNull();
  expect(id("ModelRequestRateLimitDurationMinutes", "-1")).toBe("rate_limit_duration_min");
  expect(id("ModelRequestRateLimitCount", "-1")).toBe("rate_limit_count_min");
  expect(id("ModelRequestRateLimitSuccessCount", "0")).toBe("rate_limit_success_min");
  expect(id("gemini.thinking_adapter_budget_tokens_percentage", "0.001")).toBe("gemini_budget_range");
  expect(id("gemini.thinking_adapter_budget_tokens_percentage", "0.002")).toBeNull();
  expect(id("claude.thinking_adapter_budget_tokens_percentage", "0.05")).toBe("claude_budget_range");
  expect(id("claude.thinking_adapter_budget_tokens_percentage", "1.1")).toBe("claude_budget_range");
  expect(id("global.auto_retry_count", "11")).toBe("auto_retry_count_range");
  expect(id("global.auto_retry_count", "2.5")).toBe("auto_retry_count_range");
  expect(id("general_setting.ping_interval_seconds", "0")).toBe("ping_interval_min");
  expect(id("fallback_single_price", "-1")).toBe("fallback_min");
  expect(id("fallback_single_price", "")).toBeNull();
  expect(id("QuotaForNewUser", "abc")).toBe("integer");
  expect(id("QuotaForNewUser", "-5")).toBe("min");
  expect(id("SMTPPort", "70000")).toBe("range");
});

test("enums, URLs and status-code lists", () => {
  expect(id("DataExportDefaultTime", "year")).toBe("enum");
  expect(id("ServerAddress", "ftp://x")).toBe("url");
  expect(id("ServerAddress", "https://gw.example.com")).toBeNull();
  expect(id("AutomaticRetryStatusCodes", "500-599,429")).toBeNull();
  expect(id("AutomaticRetryStatusCodes", "5xx")).toBe("status_codes");
  expect(id("global.auto_retry_status_codes", "5xx,4xx")).toBeNull();
  expect(id("global.auto_retry_status_codes", "abc")).toBe("retry_codes");
  expect(id("SystemName", "anything")).toBeNull();
});

test("fallback pricing: a single price or both ratios, never mixed", () => {
  const f = (singlePrice: string, inputRatio: string, completionRatio: string) =>
    checkFallbackPricing({ singlePrice, inputRatio, completionRatio })?.id ?? null;
  expect(f("0.01", "", "")).toBeNull();
  expect(f("", "1", "2")).toBeNull();
  expect(f("", "", "")).toBeNull();
  expect(f("0.01", "1", "")).toBe("fallback_mixed");
  expect(f("", "1", "")).toBe("fallback_mixed");
  expect(f("", "", "2")).toBe("fallback_mixed");
});
