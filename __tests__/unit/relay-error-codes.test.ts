// The relay's errors (the one error table, lib/server/errors/table.ts, plus their wire shapes in
// relay/kernel/error-codes.ts): every entry makes a well-formed RelayError, templates are
// filled, keyed messages follow the caller's language.
import { ERROR_TABLE, type ErrorEntry } from "@/lib/server/errors/table";
import {
  invalidRequest,
  RELAY_WIRE,
  relayError,
  type RelayErrorName,
  type RelayWire,
} from "@/relay/kernel/error-codes";
import { errorBody } from "@/relay/kernel/errors";
import { serverMessage } from "@/lib/server/i18n/server-messages";

const names = Object.keys(RELAY_WIRE) as RelayErrorName[];

test("every entry: an error status, its wire code and type, every {slot} filled", () => {
  for (const name of names) {
    const spec: ErrorEntry = ERROR_TABLE[name];
    const wire: RelayWire = RELAY_WIRE[name];
    const template = spec.key ? serverMessage("en", spec.key) : (spec.message ?? "");
    const slots = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const params = Object.fromEntries(slots.map((s) => [s, `<${s}>`]));
    const err = relayError(name, params);
    expect([name, err.status >= 400 && err.status < 600]).toEqual([name, true]);
    expect([name, err.status, err.code, err.type]).toEqual([
      name,
      spec.status,
      wire.code,
      wire.type ?? "new_api_error",
    ]);
    expect([name, /\{\w+\}/.test(err.message), err.message.length > 0]).toEqual([name, false, true]);
  }
});

test("new-api's texts are kept; per-site status, code and upstream status override the entry", () => {
  const e = relayError("no_channel", { model: "gpt-x", group: "vip" });
  expect([e.status, e.code, e.message]).toEqual([
    503,
    "model_not_found",
    "No available channel for model gpt-x under group vip",
  ]);
  expect(JSON.parse(errorBody(e, "rid")).error).toEqual({
    message: "No available channel for model gpt-x under group vip (request id: rid)",
    type: "new_api_error",
    param: "",
    code: "model_not_found",
  });
  const up = relayError(
    "upstream_status",
    { detail: "{raw} text" },
    { status: 429, code: "rate", upstreamStatus: 429 },
  );
  expect([up.status, up.code, up.message, up.retryable, up.upstreamFault]).toEqual([
    429,
    "rate",
    "{raw} text",
    true,
    true,
  ]);
  const unreachable = relayError("upstream_unreachable", { reason: "ECONNREFUSED" });
  expect([unreachable.upstreamFault, unreachable.upstreamStatus, unreachable.retryable]).toEqual([
    true,
    undefined,
    true,
  ]);
  expect(relayError("token_exhausted").upstreamFault).toBe(false);
  const bad = invalidRequest("Request body is not valid JSON", "invalid_json");
  expect([bad.status, bad.code, bad.type, bad.message]).toEqual([
    400,
    "invalid_json",
    "invalid_request_error",
    "Request body is not valid JSON",
  ]);
});

test("keyed messages are the server catalogue's, in the caller's language", () => {
  const zh = relayError("too_many_invalid_keys", { seconds: 30 }, { locale: "zh" });
  const en = relayError("too_many_invalid_keys", { seconds: 30 }, { locale: "en" });
  expect(zh.message).toBe(serverMessage("zh", "relay_auth_rate_limited", { seconds: 30 }));
  expect(en.message).toBe(serverMessage("en", "relay_auth_rate_limited", { seconds: 30 }));
  expect(zh.message).not.toBe(en.message);
  expect([zh.status, zh.code]).toEqual([429, "too_many_invalid_keys"]);
});
