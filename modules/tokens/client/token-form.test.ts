// The token drawer validates with the routes' schemas: form -> schema input, and the schema messages
// the drawer shows (zh verbatim).
import { firstIssueByField } from "@/lib/client/form-issues";
import { toLocalInput } from "@/lib/format-time";
import {
  batchNames,
  emptyTokenForm,
  presetExpiry,
  tokenFormInput,
  tokenFormSchemas,
  tokenToForm,
  type TokenFormValues,
} from "@/modules/tokens/client/token-form";
import type { TokenItem } from "@/modules/tokens/client/api";
import { catalogues } from "@/messages";

const form = (patch: Partial<TokenFormValues> = {}): TokenFormValues => ({ ...emptyTokenForm(), ...patch });
/** The drawer's submit: the payload, or the message key of each field the schema refused. */
function submit(v: TokenFormValues, editId: number | null = null) {
  const schema = editId === null ? tokenFormSchemas.create : tokenFormSchemas.edit;
  const parsed = schema.safeParse(tokenFormInput(v, editId));
  return parsed.success
    ? { ok: true as const, payload: parsed.data }
    : { ok: false as const, errors: firstIssueByField(parsed.error) };
}
const zh = (key: string) => (catalogues.zh.server as Record<string, string>)[key];
const en = (key: string) => (catalogues.en.server as Record<string, string>)[key];

test("a new token defaults to 500000 quota, never expiring, rate limit 60 s / 1000 / 10", () => {
  expect(submit(form({ name: " mine " }))).toMatchObject({
    ok: true,
    payload: {
      name: "mine",
      count: 1,
      expired_time: -1,
      remain_quota: 500000,
      rate_limit_period: 60,
      rate_limit_count: 1000,
      rate_limit_success: 10,
    },
  });
});

test("each refused field carries the schema's message key, shown as the spec's zh text", () => {
  const cases: [Partial<TokenFormValues>, string, string, string][] = [
    [{ name: "  " }, "name", "token_name_required", "请输入令牌名称"],
    [{ expiry: "not a date" }, "expired_time", "token_expiry_invalid", "过期时间格式错误！"],
    [{ remain_quota: "1.5" }, "remain_quota", "token_quota_integer", "额度必须是整数"],
    [{ remain_quota: "" }, "remain_quota", "token_quota_integer", "额度必须是整数"],
    [
      { rate_limit_enabled: true, rate_limit_count: "x" },
      "rate_limit_count",
      "token_rate_limit_integer",
      "速率限制必须是整数",
    ],
    ...["0", "-1", "abc", "2.5", ""].map((count): [Partial<TokenFormValues>, string, string, string] => [
      { count },
      "count",
      "token_count_positive",
      "数量必须是正整数",
    ]),
  ];
  for (const [patch, field, key, text] of cases) {
    const r = submit(form({ name: "x", ...patch }));
    expect([patch, r.ok ? null : r.errors[field]]).toEqual([patch, key]);
    expect([key, zh(key)]).toEqual([key, text]);
    expect(en(key)).toBeTruthy();
  }
});

test("editing may keep an empty name, ignores the count and sends the id", () => {
  const r = submit(form({ count: "0" }), 7);
  expect(r).toMatchObject({ ok: true, payload: { id: 7, name: "" } });
  expect(r.ok && "count" in r.payload).toBe(false);
  // an unlimited token with a stale quota text is not refused
  expect(submit(form({ name: "x", unlimited_quota: true, remain_quota: "abc" }))).toMatchObject({
    ok: true,
    payload: { remain_quota: 0 },
  });
});

test("expiry presets: never, 1 hour, 1 day, 30 days", () => {
  const now = new Date(2026, 0, 10, 8, 30);
  expect(presetExpiry("never", now)).toBe("");
  expect(presetExpiry("hour", now)).toBe("2026-01-10T09:30");
  expect(presetExpiry("day", now)).toBe("2026-01-11T08:30");
  expect(presetExpiry("month", now)).toBe("2026-02-09T08:30");
  const r = submit(form({ name: "x", expiry: "2026-01-10T09:30" }));
  expect(r.ok && r.payload.expired_time).toBe(Math.floor(new Date(2026, 0, 10, 9, 30).getTime() / 1000));
});

test("model limits and allowed IPs are normalised", () => {
  const r = submit(
    form({
      name: "x",
      model_limits_enabled: true,
      model_limits: ["gpt-4o", "gpt-4o-mini"],
      allow_ips: " 10.0.0.1 \n\n192.168.0.0/16\r\n",
    }),
  );
  expect(r.ok && r.payload.model_limits).toBe("gpt-4o,gpt-4o-mini");
  expect(r.ok && r.payload.allow_ips).toBe("10.0.0.1\n192.168.0.0/16");
  const off = submit(form({ name: "x", model_limits: ["a"] }));
  expect(off.ok && off.payload.model_limits).toBe("");
});

test("batch names: the first keeps the name, the rest get a 6-character suffix", () => {
  const names = batchNames("team", 10);
  expect(names).toHaveLength(10);
  expect(names[0]).toBe("team");
  for (const n of names.slice(1)) expect(n).toMatch(/^team-[A-Za-z0-9]{6}$/);
  expect(new Set(names).size).toBe(10);
});

test("a token round-trips through the form", () => {
  const token: TokenItem = {
    id: 1,
    user_id: 1,
    name: "t",
    key: "sk-abcd**********wxyz",
    status: 1,
    created_time: 1,
    accessed_time: 0,
    expired_time: Math.floor(new Date(2030, 5, 1, 12, 0).getTime() / 1000),
    remain_quota: 42,
    used_quota: 0,
    unlimited_quota: false,
    model_limits_enabled: true,
    model_limits: "a,b",
    allow_ips: "1.2.3.4",
    group: "vip",
    rate_limit_enabled: true,
    rate_limit_period: 30,
    rate_limit_count: 5,
    rate_limit_success: 2,
  };
  const values = tokenToForm(token);
  expect(values.expiry).toBe(toLocalInput(new Date(2030, 5, 1, 12, 0)));
  const back = submit(values, 1);
  expect(back.ok && back.payload).toMatchObject({
    expired_time: token.expired_time,
    remain_quota: 42,
    model_limits: "a,b",
    group: "vip",
    rate_limit_period: 30,
  });
});
