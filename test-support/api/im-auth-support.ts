// Loopback stand-ins for the WeChat server and a Telegram widget, for the WeChat/Telegram tests.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { db } from "@/lib/server/db";
import { telegramHash } from "@/modules/auth/server/oauth-providers/telegram";
import { setupApiHarness, setupRoot } from "./harness";

/** Both IM sign-in suites: a fresh database per file with root set up before the tests. */
export function setupImAuthHarness(): void {
  setupApiHarness();
  beforeAll(async () => {
    await setupRoot();
  });
}

export type FakeWeChat = {
  url: string;
  token: string;
  /** code → WeChat id the fake answers for it (deleted once used, like the real one). */
  codes: Map<string, string>;
  requests: { code: string | null; authorization: string | undefined }[];
  close: () => Promise<void>;
};

/** GET /api/wechat/user?code= answering {success, message, data} like songquanpeng/wechat-server. */
export async function startFakeWeChat(token = "wechat-server-token"): Promise<FakeWeChat> {
  const codes = new Map<string, string>();
  const requests: FakeWeChat["requests"] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const code = url.searchParams.get("code");
    requests.push({ code, authorization: req.headers.authorization });
    const send = (body: unknown) => {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== "/api/wechat/user") return void res.writeHead(404).end();
    if (req.headers.authorization !== token) return send({ success: false, message: "无权进行此操作，Token 无效" });
    if (code === "slow") return; // never answers: the caller's timeout must fire
    if (code === "garbage") return void res.end("<html>oops</html>");
    const id = code ? codes.get(code) : undefined;
    if (code) codes.delete(code);
    send({ success: true, message: "", data: id ?? "" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    codes,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Widget data for a Telegram user as the real widget would sign it with `botToken`. */
export function signedTelegramFields(
  botToken: string,
  user: { id: string; username?: string; first_name?: string },
  authDate = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const fields: Record<string, string> = {
    id: user.id,
    first_name: user.first_name ?? "Tele",
    username: user.username ?? `tg${user.id}`,
    photo_url: "https://t.me/i/userpic/320/x.jpg",
    auth_date: String(authDate),
  };
  return { ...fields, hash: telegramHash(fields, botToken) };
}

export const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

export const userById = (id: number) => db().user.findUniqueOrThrow({ where: { id } });
