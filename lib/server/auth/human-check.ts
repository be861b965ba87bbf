import "server-only";

// The human check (Turnstile) of the console screens that carry it: login, register, verification code,
// password reset, check-in and redeem each pass the `turnstile` query parameter here. When
// TurnstileCheckEnabled is on, the token must verify at Cloudflare's siteverify endpoint
// (as in new-api): a missing token → "Turnstile token 为空", anything but a clear
// `success: true` → "Turnstile 校验失败，请刷新重试！". Fail closed: an unreachable, slow or garbled
// verifier refuses the request rather than letting it through.
import { FORM_HEADERS, fetchProviderJson } from "@/lib/server/http/fetch-provider-json";
import { env } from "@/lib/env";
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { getBoolOption, getOption } from "@/lib/server/options/store";

export const TURNSTILE_VERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";
const VERIFY_TIMEOUT_MS = 5_000;
// Cloudflare documents tokens of at most 2048 characters; longer input is refused unsent.
const MAX_TOKEN_LENGTH = 2048;

/** Cloudflare's siteverify; the test-only replacement is never honoured by a production process. */
function verifyUrl(): string {
  const e = env();
  return (e.NODE_ENV !== "production" && e.TURNSTILE_TEST_VERIFY_URL) || TURNSTILE_VERIFY_URL;
}

/** Asks siteverify about one token; true only on an explicit success answer. */
async function verifyToken(token: string, clientIp: string | undefined): Promise<boolean> {
  const form = new URLSearchParams({ secret: await getOption("TurnstileSecretKey"), response: token });
  if (clientIp && clientIp !== "unknown") form.set("remoteip", clientIp);
  try {
    const res = await fetchProviderJson(verifyUrl(), {
      method: "POST",
      headers: FORM_HEADERS,
      body: form.toString(),
      timeoutMs: VERIFY_TIMEOUT_MS,
    });
    if (!res.ok || !res.json) {
      logger().warn({ status: res.status }, "turnstile siteverify answered an error status or no JSON");
      return false;
    }
    if (res.json.success === true) return true;
    logger().info({ errorCodes: res.json["error-codes"] }, "turnstile token refused");
    return false;
  } catch (err) {
    // Never log the token or the secret; the error name says enough (timeout, refused, bad JSON).
    logger().warn({ err: (err as Error).name }, "turnstile siteverify unreachable; refusing (fail closed)");
    return false;
  }
}

export async function assertHumanCheck(token: string | undefined, clientIp?: string): Promise<void> {
  if (!(await getBoolOption("TurnstileCheckEnabled"))) return;
  const value = token?.trim() ?? "";
  if (!value) throw new AppError("bad_request", "im_turnstile_token_missing");
  if (value.length > MAX_TOKEN_LENGTH || !(await verifyToken(value, clientIp))) {
    throw new AppError("bad_request", "im_turnstile_failed");
  }
}
