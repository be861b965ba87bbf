// API integration harness. Every test file that calls setupApiHarness() gets its own, freshly migrated
// database (a copy of the migrated template: a temp SQLite file, or a throwaway database on the
// PostgreSQL server named by TEST_DATABASE_URL; see ../support/db-template.ts), its own DATA_DIR and fresh module caches, and calls route handlers in-process
// exactly as Next would: `handler(NextRequest, { params: Promise })`.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { NextRequest } from "next/server";
import { resetEnvForTests } from "@/lib/env";
import { db, disconnectDb } from "@/lib/server/db";
import { invalidateOptionsCache } from "@/lib/server/options/store";
import { resetAllLimitersForTests } from "@/lib/server/http/rate-limit";
import { forgetSetupStatusForTests } from "@/lib/server/setup-done";
import { sessionCookieName } from "@/lib/server/auth/session";
import { hashPassword } from "@/lib/server/auth/password";
import { stopPasswordThread } from "@/lib/server/auth/bcrypt-thread";
import { CLIENT_IP_HEADER } from "@/lib/server/client-ip";
import { ROLE } from "@/lib/constants";
import * as setupRoute from "@/app/api/setup/route";
import * as loginRoute from "@/app/api/user/login/route";
import { copySqliteTemplate, createPostgresFromTemplate, dropPostgresDatabase } from "../db-template";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
export type RouteModule = Partial<Record<HttpMethod, Handler>> | Record<string, unknown>;

export const ROOT_USER = { username: "root", password: "root-pass-123" } as const;

/**
 * The answer to a body or query its schema refuses: new-api's {success:false, message} (the first
 * issue) plus every issue in `issues` (lib/server/http/route.ts).
 */
export const refusedInput = (message: string) => ({
  success: false,
  message,
  issues: expect.arrayContaining([expect.objectContaining({ message })]),
});

/** TEST_DATABASE_URL=postgres://... runs the api project against PostgreSQL instead of SQLite. */
export function testDatabaseKind(): "sqlite" | "postgres" {
  return /^postgres(ql)?:\/\//i.test(process.env.TEST_DATABASE_URL ?? "") ? "postgres" : "sqlite";
}

type Created = { url: string; drop: () => Promise<void> };

async function createSqliteDatabase(dir: string): Promise<Created> {
  const file = path.join(dir, "test.db");
  await copySqliteTemplate(file);
  return { url: `file:${file}`, drop: async () => undefined };
}

async function createPostgresDatabase(): Promise<Created> {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const url = await createPostgresFromTemplate(serverUrl, name);
  return { url, drop: () => dropPostgresDatabase(serverUrl, name) };
}

/** Drops every process-wide cache the app keeps on globalThis, so the next call sees process.env anew. */
export async function resetServerState(): Promise<void> {
  await disconnectDb();
  resetEnvForTests();
  invalidateOptionsCache();
  resetAllLimitersForTests();
  forgetSetupStatusForTests();
  stopPasswordThread();
}

export type HarnessOptions = {
  /** Extra or overriding environment variables for this file (e.g. a small LOGIN_RATE_LIMIT). */
  env?: Record<string, string>;
};

export type Harness = { databaseUrl: string; dataDir: string };

/**
 * Registers beforeAll/afterAll for the calling test file. The returned object is filled in by
 * beforeAll (read it inside tests, not at module level).
 */
export function setupApiHarness(options: HarnessOptions = {}): Harness {
  const state: Harness = { databaseUrl: "", dataDir: "" };
  let created: Created | undefined;
  const saved = { ...process.env };

  beforeAll(async () => {
    state.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gateway-api-test-"));
    created =
      testDatabaseKind() === "postgres" ? await createPostgresDatabase() : await createSqliteDatabase(state.dataDir);
    state.databaseUrl = created.url;
    Object.assign(process.env, {
      NODE_ENV: "test",
      DATABASE_URL: created.url,
      DATA_DIR: state.dataDir,
      SESSION_SECRET: randomBytes(24).toString("base64url"),
      CRYPTO_SECRET: randomBytes(24).toString("base64url"),
      LOG_LEVEL: "silent",
      LOGIN_RATE_LIMIT: "1000",
      CRITICAL_RATE_LIMIT: "100000",
      SESSION_COOKIE_SECURE: "false",
      TRUST_PROXY: "false",
      ...options.env,
    });
    await resetServerState();
    // A copy of the template migrated once per run by the real migration script (db-template.ts);
    // the first file of a run by hand may build the template, hence the generous hook timeout.
  }, 180_000);

  afterAll(async () => {
    await resetServerState();
    await created?.drop();
    if (state.dataDir) fs.rmSync(state.dataDir, { recursive: true, force: true });
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  }, 60_000);

  return state;
}

export type CallOptions = {
  body?: unknown;
  headers?: Record<string, string>;
  /** A Cookie header value, e.g. the result of login(). */
  cookie?: string;
  /** Client address as server/main.ts would stamp it. */
  ip?: string;
  /** Dynamic route params ([id] -> { id: "1" }). */
  params?: Record<string, string | string[]>;
};

export type CallResult<T = unknown> = {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: { success: boolean; message: string; data: T } & Record<string, any>;
  headers: Headers;
  setCookie: string[];
};

/** Calls one exported handler of a route module the way Next's app router does. */
export async function call<T = unknown>(
  routeModule: RouteModule,
  method: HttpMethod,
  urlPath: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const handler = (routeModule as Record<string, unknown>)[method] as Handler | undefined;
  if (typeof handler !== "function") throw new Error(`route module has no ${method} handler`);
  const headers: Record<string, string> = { host: "localhost", [CLIENT_IP_HEADER]: opts.ip ?? "127.0.0.1" };
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  if (opts.cookie) headers.cookie = opts.cookie;
  Object.assign(headers, opts.headers);
  const body =
    opts.body === undefined ? undefined : typeof opts.body === "string" ? opts.body : JSON.stringify(opts.body);
  const req = new NextRequest(new URL(urlPath, "http://localhost"), { method, headers, body });
  const res = await handler(req, { params: Promise.resolve(opts.params ?? {}) });
  const text = await res.text();
  let json: CallResult<T>["json"];
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${urlPath} answered ${res.status} with a non-JSON body: ${text.slice(0, 200)}`);
  }
  return { status: res.status, json, headers: res.headers, setCookie: res.headers.getSetCookie() };
}

/** The `name=value` of the session cookie in a Set-Cookie list, or undefined. */
export function sessionCookieFrom(setCookie: string[]): string | undefined {
  const name = sessionCookieName();
  const line = setCookie.find((c) => c.startsWith(`${name}=`));
  const pair = line?.split(";")[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

/** POST /api/setup with a root account (and optionally the usage modes). */
export async function setupRoot(extra: { SelfUseModeEnabled?: boolean; DemoSiteEnabled?: boolean } = {}) {
  const res = await call(setupRoute, "POST", "/api/setup", {
    body: { username: ROOT_USER.username, password: ROOT_USER.password, confirmPassword: ROOT_USER.password, ...extra },
  });
  if (res.status !== 200 || !res.json.success) throw new Error(`setup failed: ${res.status} ${res.json.message}`);
  return res;
}

/** Logs in through POST /api/user/login and returns the Cookie header value for the session. */
export async function login(username: string, password: string, ip = "127.0.0.1"): Promise<string> {
  const res = await call(loginRoute, "POST", "/api/user/login", { body: { username, password }, ip });
  const cookie = sessionCookieFrom(res.setCookie);
  if (res.status !== 200 || !cookie) throw new Error(`login as ${username} failed: ${res.status} ${res.json.message}`);
  return cookie;
}

let userCounter = 0;

export type CreateUserInput = {
  role?: number;
  username?: string;
  password?: string;
  email?: string;
  status?: number;
  quota?: number;
  affCode?: string;
  group?: string;
};

/** Inserts a user directly (no API), with a real bcrypt hash. */
export async function createUser(input: CreateUserInput = {}) {
  userCounter += 1;
  const username = input.username ?? `user${userCounter}_${randomBytes(2).toString("hex")}`;
  const password = input.password ?? "password-123";
  const user = await db().user.create({
    data: {
      username,
      password: await hashPassword(password),
      displayName: username,
      role: input.role ?? ROLE.user,
      status: input.status ?? 1,
      email: input.email ?? "",
      quota: BigInt(input.quota ?? 0),
      affCode: input.affCode ?? null,
      group: input.group ?? "default",
      createdAt: Math.floor(Date.now() / 1000),
    },
  });
  return { id: user.id, username, password };
}

/** Creates a user and logs them in; returns the user and the session Cookie header value. */
export async function createUserAndLogin(input: CreateUserInput = {}) {
  const user = await createUser(input);
  return { ...user, cookie: await login(user.username, user.password) };
}

/** Writes options straight to the table and drops the in-memory copy. */
export async function setOptions(entries: Record<string, string>): Promise<void> {
  for (const [key, value] of Object.entries(entries)) {
    await db().option.upsert({ where: { key }, create: { key, value }, update: { value } });
  }
  invalidateOptionsCache();
}
