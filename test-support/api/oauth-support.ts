// Shared steps of the OAuth API tests: a real OIDC provider in a child process (oidc-provider is
// ESM only) and the oauth-oidc*.test.ts fixture around it, a driver for its development login and
// consent pages, an impostor token endpoint, fake GitHub and LinuxDO servers, and the state →
// provider → callback round trip as the console performs it.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { randomBytes } from "node:crypto";
import * as callbackRoute from "@/app/api/oauth/[provider]/route";
import * as stateRoute from "@/app/api/oauth/state/route";
import { authorizeUrl, type AuthorizeConfig, type OAuthProviderId } from "@/modules/auth/oauth-providers";
import { browserCookieName } from "@/modules/auth/server/oauth-providers/state";
import { call, sessionCookieFrom, setOptions, setupRoot } from "./harness";

export const ORIGIN = "http://localhost";

// ---- the real OIDC provider -------------------------------------------------------------------

export type Idp = { issuer: string; wellKnown: string; stop: () => Promise<void> };

export async function startIdpProcess(options: {
  clients: Record<string, unknown>[];
  accounts?: Record<string, Record<string, unknown>>;
}): Promise<Idp> {
  const script = path.resolve(__dirname, "..", "oidc-idp.mjs");
  const child: ChildProcess = spawn(process.execPath, [script, JSON.stringify(options)], {
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const first = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (d: Buffer) => resolve(d.toString()));
    child.once("exit", (code) => reject(new Error(`oidc-idp exited ${code}: ${stderr}`)));
  });
  const { issuer, wellKnown } = JSON.parse(first.split("\n")[0]!) as { issuer: string; wellKnown: string };
  return {
    issuer,
    wellKnown,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.stdin!.end();
        setTimeout(() => child.kill("SIGKILL"), 3000).unref();
      }),
  };
}

/**
 * The oauth-oidc*.test.ts fixture (call after setupApiHarness): root set up, the provider started
 * with a client_secret_basic and a client_secret_post client and two accounts without a usable
 * e-mail, and OIDC configured; `config` is what /api/status gives the console.
 */
export function setupOidcIdp() {
  let started: Idp | undefined;
  const idp = () => started!;
  beforeAll(async () => {
    await setupRoot();
    const redirect = `${ORIGIN}/oauth/oidc`;
    started = await startIdpProcess({
      clients: [
        { client_id: "gateway", client_secret: "gateway-secret", redirect_uris: [redirect] },
        {
          client_id: "gateway-post",
          client_secret: "post-secret",
          redirect_uris: [redirect],
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      accounts: { "no-mail": { email: undefined, email_verified: undefined }, unverified: { email_verified: false } },
    });
    await setOptions({
      "oidc.enabled": "true",
      "oidc.client_id": "gateway",
      "oidc.client_secret": "gateway-secret",
      "oidc.well_known": started.wellKnown,
      "oidc.authorization_endpoint": `${started.issuer}/auth`,
    });
  }, 60_000);
  afterAll(async () => {
    await started?.stop();
  });
  const config = () => ({
    github_client_id: "",
    linuxdo_client_id: "",
    oidc_client_id: "gateway",
    oidc_authorization_endpoint: `${idp().issuer}/auth`,
  });
  return { idp, config };
}

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");

/**
 * Whoever answers at the token and userinfo endpoints (before issue 17 an admin could point them
 * anywhere): passes the code exchange through to the real provider at `issuer`, then claims to be
 * `victim` with an unsigned id_token (or none) and a matching userinfo answer. Returns its stop.
 */
export async function startImpostor(issuer: string, victim: string, idToken: "forged" | "none") {
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", async () => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/me") return res.end(JSON.stringify({ sub: victim, preferred_username: victim }));
      const upstream = await fetch(`${issuer}/token`, {
        method: "POST",
        body: raw,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        },
      });
      const answer = (await upstream.json()) as Record<string, unknown>;
      const real = JSON.parse(Buffer.from(String(answer.id_token).split(".")[1]!, "base64url").toString());
      if (idToken === "none") delete answer.id_token;
      else answer.id_token = `${b64({ alg: "none", typ: "JWT" })}.${b64({ ...real, sub: victim })}.`;
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await setOptions({ "oidc.token_endpoint": `${base}/token`, "oidc.user_info_endpoint": `${base}/me` });
  return async () => {
    await setOptions({ "oidc.token_endpoint": "", "oidc.user_info_endpoint": "" });
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

/**
 * Signs in at the provider as `login` (development login form, then the consent form) and returns
 * the URL the provider sends the browser back to (our /oauth/{provider} page, with code and state).
 */
export async function loginAtIdp(authorize: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorize;
  let body: string | undefined;
  for (let step = 0; step < 20; step++) {
    const res = await fetch(url, {
      method: body ? "POST" : "GET",
      body,
      redirect: "manual",
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; "),
        ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(";")[0]!;
      const eq = pair.indexOf("=");
      const expired = /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line);
      if (expired) jar.delete(pair.slice(0, eq));
      else jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get("location")!, url);
      if (next.pathname.startsWith("/oauth/")) return next;
      url = next.href;
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no interaction form at ${url} (${res.status}): ${html.slice(0, 400)}`);
    url = new URL(action.replace(/&amp;/g, "&"), url).href;
    body = prompt === "login" ? new URLSearchParams({ prompt, login, password: "any" }).toString() : `prompt=${prompt}`;
  }
  throw new Error("the provider never redirected back");
}

// ---- fake GitHub and LinuxDO ------------------------------------------------------------------

export type FakeAccount = Record<string, unknown>;

export type FakeProvider = {
  baseUrl: string;
  /** An authorization code for this account (single use). */
  codeFor: (account: FakeAccount) => string;
  /** Token requests received (form fields and the Authorization header). */
  tokenRequests: { fields: Record<string, string>; authorization: string }[];
  stop: () => Promise<void>;
};

/** GitHub: POST /login/oauth/access_token, GET /user. LinuxDO: POST /oauth2/token (Basic), GET /api/user. */
export async function startFakeProvider(
  kind: "github" | "linuxdo",
  client: { id: string; secret: string },
): Promise<FakeProvider> {
  const codes = new Map<string, FakeAccount>();
  const tokens = new Map<string, FakeAccount>();
  const tokenRequests: FakeProvider["tokenRequests"] = [];
  const json = (res: http.ServerResponse, status: number, value: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(value));
  };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const tokenPath = kind === "github" ? "/login/oauth/access_token" : "/oauth2/token";
      const userPath = kind === "github" ? "/user" : "/api/user";
      if (req.method === "POST" && url.pathname === tokenPath) {
        const fields = Object.fromEntries(new URLSearchParams(raw));
        const authorization = req.headers.authorization ?? "";
        tokenRequests.push({ fields, authorization });
        const basic = `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString("base64")}`;
        const clientOk =
          kind === "github"
            ? fields.client_id === client.id && fields.client_secret === client.secret
            : authorization === basic;
        const account = codes.get(fields.code ?? "");
        codes.delete(fields.code ?? "");
        // GitHub answers 200 with an error field; LinuxDO a 4xx.
        if (!clientOk || !account) {
          return json(res, kind === "github" ? 200 : 400, {
            error: clientOk ? "bad_verification_code" : "invalid_client",
          });
        }
        const token = randomBytes(8).toString("hex");
        tokens.set(token, account);
        return json(res, 200, { access_token: token, token_type: "bearer" });
      }
      if (req.method === "GET" && url.pathname === userPath) {
        const account = tokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
        return account ? json(res, 200, account) : json(res, 401, { message: "Bad credentials" });
      }
      json(res, 404, { message: "Not Found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    codeFor: (account) => {
      const code = randomBytes(6).toString("hex");
      codes.set(code, account);
      return code;
    },
    tokenRequests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- the console's side of the round trip -----------------------------------------------------

/** The browser: its oauth-browser cookie and, when signed in, its session cookie. */
export type Browser = { oauth?: string; session?: string };

export function cookieOf(browser: Browser): string | undefined {
  const parts = [browser.oauth, browser.session].filter(Boolean);
  return parts.length ? parts.join("; ") : undefined;
}

/** GET /api/oauth/state as this browser; keeps the browser cookie it sets. */
export async function getState(browser: Browser, query = "") {
  const res = await call<string>(stateRoute, "GET", `/api/oauth/state${query}`, { cookie: cookieOf(browser) });
  const line = res.setCookie.find((c) => c.startsWith(`${browserCookieName()}=`));
  if (line) browser.oauth = line.split(";")[0];
  return res;
}

/** GET /api/oauth/{provider}?code&state as this browser; keeps a session cookie it sets. */
export async function callback(browser: Browser, provider: string, code: string, state: string) {
  const qs = new URLSearchParams({ code, state }).toString();
  const res = await call<{ id: number; username: string }>(callbackRoute, "GET", `/api/oauth/${provider}?${qs}`, {
    cookie: cookieOf(browser),
    params: { provider },
  });
  const session = sessionCookieFrom(res.setCookie);
  if (session) browser.session = session;
  return res;
}

/** The full OIDC round trip: state, provider login as `login`, callback. */
export async function oidcRoundTrip(browser: Browser, config: AuthorizeConfig, login: string, aff = "") {
  const state = await getState(browser, `?provider=oidc${aff ? `&aff=${aff}` : ""}`);
  if (!state.json.success) throw new Error(`state refused: ${state.json.message}`);
  const back = await loginAtIdp(authorizeUrl("oidc", config, state.json.data, ORIGIN)!, login);
  return callback(browser, "oidc", back.searchParams.get("code") ?? "", back.searchParams.get("state") ?? "");
}

/** A fixed provider's round trip: the fake provider issues the code the browser would bring back. */
export async function fakeRoundTrip(
  browser: Browser,
  provider: OAuthProviderId,
  fake: FakeProvider,
  account: FakeAccount,
) {
  const state = await getState(browser, `?provider=${provider}`);
  return callback(browser, provider, fake.codeFor(account), state.json.data);
}
