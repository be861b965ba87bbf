import {
  batchNames,
  emptyTokenForm,
  formToPayload,
  presetExpiry,
  toLocalInput,
  tokenToForm,
} from "@/modules/tokens/client/token-form";
import type { TokenItem } from "@/modules/tokens/client/api";

test("a new token defaults to 500000 quota, never expiring, rate limit 60 s / 1000 / 10", () => {
  const r = formToPayload({ ...emptyTokenForm(), name: " mine " }, "create");
  expect(r).toMatchObject({
    ok: true,
    count: 1,
    payload: {
      name: "mine",
      expired_time: -1,
      remain_quota: 500000,
      rate_limit_period: 60,
      rate_limit_count: 1000,
      rate_limit_success: 10,
    },
  });
});

test("validation messages: name, expiry, quota, count", () => {
  expect(formToPayload(emptyTokenForm(), "create")).toEqual({ ok: false, error: "name_required" });
  expect(formToPayload({ ...emptyTokenForm(), name: "x", expiry: "not a date" }, "create")).toEqual({
    ok: false,
    error: "expiry_invalid",
  });
  expect(formToPayload({ ...emptyTokenForm(), name: "x", remain_quota: "1.5" }, "create")).toEqual({
    ok: false,
    error: "quota_integer",
  });
  for (const count of ["0", "-1", "abc", "2.5"])
    expect(formToPayload({ ...emptyTokenForm(), name: "x", count }, "create")).toEqual({
      ok: false,
      error: "count_positive",
    });
  // editing may keep an empty name and ignores the count
  expect(formToPayload({ ...emptyTokenForm(), count: "0" }, "edit").ok).toBe(true);
});

test("expiry presets: never, 1 hour, 1 day, 30 days", () => {
  const now = new Date(2026, 0, 10, 8, 30);
  expect(presetExpiry("never", now)).toBe("");
  expect(presetExpiry("hour", now)).toBe("2026-01-10T09:30");
  expect(presetExpiry("day", now)).toBe("2026-01-11T08:30");
  expect(presetExpiry("month", now)).toBe("2026-02-09T08:30");
  const r = formToPayload({ ...emptyTokenForm(), name: "x", expiry: "2026-01-10T09:30" }, "create");
  expect(r.ok && r.payload.expired_time).toBe(Math.floor(new Date(2026, 0, 10, 9, 30).getTime() / 1000));
});

test("model limits and allowed IPs are normalised", () => {
  const r = formToPayload(
    {
      ...emptyTokenForm(),
      name: "x",
      model_limits_enabled: true,
      model_limits: ["gpt-4o", "gpt-4o-mini"],
      allow_ips: " 10.0.0.1 \n\n192.168.0.0/16\r\n",
    },
    "create",
  );
  expect(r.ok && r.payload.model_limits).toBe("gpt-4o,gpt-4o-mini");
  expect(r.ok && r.payload.allow_ips).toBe("10.0.0.1\n192.168.0.0/16");
  const off = formToPayload({ ...emptyTokenForm(), name: "x", model_limits: ["a"] }, "create");
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
  const form = tokenToForm(token);
  expect(form.expiry).toBe(toLocalInput(new Date(2030, 5, 1, 12, 0)));
  const back = formToPayload(form, "edit");
  expect(back.ok && back.payload).toMatchObject({
    expired_time: token.expired_time,
    remain_quota: 42,
    model_limits: "a,b",
    group: "vip",
    rate_limit_period: 30,
  });
});
