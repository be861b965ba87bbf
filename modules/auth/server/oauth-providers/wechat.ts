import "server-only";

// Resolves a WeChat login code to the WeChat account id by asking the configured WeChat server:
// GET {WeChatServerAddress}/api/wechat/user?code=… with the
// WeChatServerToken as Authorization, answering {success, message, data: wechat id}. The code is
// what the user got from the official account after scanning the QR code (valid three minutes;
// the WeChat server enforces that). Short timeout, no redirects, capped answer.
import { AppError } from "@/lib/server/http/app-error";
import { logger } from "@/lib/server/logger";
import { getOption } from "@/lib/server/options/store";
import { fetchProviderJson } from "@/lib/server/http/fetch-provider-json";

const TIMEOUT_MS = 5_000;
const MAX_ANSWER_BYTES = 16 * 1024;
// A WeChat open id is 28 characters; anything longer than this is not an id.
const MAX_ID_LENGTH = 128;
const MAX_MESSAGE_LENGTH = 200;

type WeChatAnswer = { success?: unknown; message?: unknown; data?: unknown };

async function askWeChatServer(code: string): Promise<WeChatAnswer> {
  const base = (await getOption("WeChatServerAddress")).trim().replace(/\/+$/, "");
  let url: URL;
  try {
    url = new URL(`${base}/api/wechat/user`);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("protocol");
  } catch {
    throw new AppError("bad_request", "im_wechat_unreachable");
  }
  url.searchParams.set("code", code);
  try {
    const answer = await fetchProviderJson(url.toString(), {
      headers: { Authorization: await getOption("WeChatServerToken") },
      timeoutMs: TIMEOUT_MS,
      maxBytes: MAX_ANSWER_BYTES,
    });
    if (!answer.ok || !answer.json) throw new Error(`status ${answer.status}`);
    return answer.json as WeChatAnswer;
  } catch (err) {
    // The token travels in a header and the code in the URL: log neither, only what went wrong.
    logger().warn({ err: (err as Error).message, host: url.host }, "wechat server call failed");
    throw new AppError("bad_request", "im_wechat_unreachable");
  }
}

/** The WeChat id behind a code, or an AppError with the message to show. */
export async function weChatIdByCode(code: string): Promise<string> {
  const answer = await askWeChatServer(code);
  if (answer.success !== true) {
    const message = typeof answer.message === "string" ? answer.message.slice(0, MAX_MESSAGE_LENGTH).trim() : "";
    if (message) throw new AppError("bad_request", "im_wechat_server_refused", { message });
    throw new AppError("bad_request", "im_wechat_code_invalid");
  }
  const id = typeof answer.data === "string" ? answer.data.trim() : "";
  if (!id || id.length > MAX_ID_LENGTH) throw new AppError("bad_request", "im_wechat_code_invalid");
  return id;
}
