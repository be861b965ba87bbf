// The only module that reads process.env. Everything is validated once, at first use, so a bad
// setting fails at boot with a clear message instead of at the first request that needs it.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";

const boolish = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOSTNAME: z.string().default("0.0.0.0"),
  /** Folder for the embedded SQLite database and generated secrets. */
  DATA_DIR: z.string().default("./data"),
  /** file:... (SQLite, default ./data/gateway.db) or postgres://... */
  DATABASE_URL: z.string().optional(),
  /** Signs session cookies. Generated into DATA_DIR/secrets.json on first start when unset. */
  SESSION_SECRET: z.string().min(16).optional(),
  /** Encrypts token and channel keys at rest. Defaults to a generated secret (not the session one). */
  CRYPTO_SECRET: z.string().min(16).optional(),
  /** Set to true when the console is served over HTTPS so cookies get the Secure flag. */
  SESSION_COOKIE_SECURE: boolish,
  /** Trust X-Forwarded-For from a reverse proxy in front of us for the client address. */
  TRUST_PROXY: boolish,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Failed logins allowed per client address within LOGIN_RATE_LIMIT_WINDOW seconds. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(900),
  /** Relay calls with an unknown API key allowed per client address within RELAY_AUTH_FAILURE_WINDOW s. */
  RELAY_AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).default(30),
  RELAY_AUTH_FAILURE_WINDOW: z.coerce.number().int().min(1).default(60),
  /** Requests per IP per window on the anonymous /api routes (setup, register, login, reset). */
  CRITICAL_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  CRITICAL_RATE_LIMIT_WINDOW: z.coerce.number().int().min(1).default(600),
  /** Seconds between re-reads of options from the database (for multi-instance deployments). */
  SYNC_FREQUENCY: z.coerce.number().int().min(1).default(60),
  NODE_NAME: z.string().default(""),
  /**
   * Worker processes of one `npm start` sharing the port (node:cluster). 0 (default): one per CPU
   * core. 1: a single process, no primary. See server/workers/primary.ts.
   */
  WORKERS: z.coerce.number().int().min(0).max(256).default(0),
  /**
   * PostgreSQL connections per process (0 = the instance's 20 shared among its WORKERS, at least 2
   * each; lib/server/db-pool.ts).
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(0).max(1000).default(0),
  /**
   * Seconds a worker may go without answering its primary before it counts as hung (its event loop
   * never returns) and is killed and replaced (0 = never). Only with WORKERS > 1.
   */
  WORKER_HANG_TIMEOUT: z.coerce.number().min(0).default(60),
  /**
   * Seconds a worker may take from its fork to ready (serving) before it counts as stuck in its start
   * and is killed and replaced (0 = never). Only with WORKERS > 1.
   */
  WORKER_START_TIMEOUT: z.coerce.number().min(0).default(60),
  /**
   * Load Next (the console pages) when the server starts instead of on the first page request: every
   * process then holds it (~60-90 MB) but the first page does not wait (~1 s) for it.
   */
  CONSOLE_PRELOAD: boolish,
  /**
   * redis://[:password@]host:port[/db] (or rediss://). When set, balances, rate limits, cache
   * invalidation and background-job leases are shared through Redis so several instances can run
   * behind one load balancer on one PostgreSQL database. Unset: everything stays in this process.
   */
  REDIS_URL: z
    .union([z.literal(""), z.string().regex(/^rediss?:\/\//, "REDIS_URL must start with redis:// or rediss://")])
    .optional(),
  /** Bearer token for GET /metrics (Prometheus). Unset: /metrics answers 404. */
  METRICS_TOKEN: z.string().optional(),
  /** Minutes between automatic tests of all channels (0 = off; new-api's CHANNEL_TEST_FREQUENCY). */
  CHANNEL_TEST_FREQUENCY: z.coerce.number().int().min(0).default(0),
  /** Minutes between balance refreshes of all channels (0 = off; new-api's CHANNEL_UPDATE_FREQUENCY). */
  CHANNEL_UPDATE_FREQUENCY: z.coerce.number().int().min(0).default(0),
  /**
   * Seconds a SIGTERM/SIGINT waits for in-flight requests (long streams included) to finish before
   * the remaining connections are cut; bookkeeping is flushed after that either way.
   */
  SHUTDOWN_TIMEOUT: z.coerce.number().min(0).default(30),
  /** Largest accepted relay request body (after which 413 is answered). */
  RELAY_MAX_BODY_MB: z.coerce.number().positive().default(16),
  /** Largest upstream answer read whole (JSON answers; streams are not held whole): past it, 502. */
  RELAY_MAX_ANSWER_MB: z.coerce.number().positive().default(64),
  /** Seconds to wait for upstream response headers (0 = no limit). */
  RELAY_TIMEOUT: z.coerce.number().min(0).default(0),
  /** Seconds of upstream silence after which a stream is ended. */
  STREAMING_TIMEOUT: z.coerce.number().positive().default(300),
  VERSION: z.string().default("0.1.0"),
  /** Milliseconds between background polls of unfinished Midjourney / Suno tasks. */
  TASK_POLL_INTERVAL_MS: z.coerce.number().int().min(100).default(15_000),
  /** Unfinished tasks older than this many minutes fail and are refunded. */
  TASK_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(1440),
  /**
   * TEST-ONLY. When > 0, the minute-based background jobs (channel auto-test, balance refresh, the
   * hourly log-retention check) tick every this many milliseconds instead, so the test suites can
   * watch several passes. Never set it in a deployment: it turns hourly work into a busy loop.
   */
  JOBS_TICK_MS_FOR_TESTS: z.coerce.number().int().min(0).default(0),
  /**
   * TEST-ONLY. Lets notification webhooks use http:// and loopback addresses so the test suites can
   * run a receiver on 127.0.0.1. Never set it in a real deployment: it weakens the outbound
   * address guard (lib/server/net). Off unless explicitly "true".
   */
  NOTIFY_ALLOW_LOOPBACK_FOR_TESTS: boolish,
  /**
   * TEST-ONLY. Base URL of a fake GitHub (token at /login/oauth/access_token, user at /user) and of
   * a fake LinuxDO Connect (/oauth2/token, /api/user) for the OAuth tests. Ignored when NODE_ENV is
   * production; never set them in a deployment.
   */
  OAUTH_TEST_GITHUB_BASE_URL: z.union([z.literal(""), z.url()]).optional(),
  OAUTH_TEST_LINUXDO_BASE_URL: z.union([z.literal(""), z.url()]).optional(),
  /**
   * TEST-ONLY. Replaces Cloudflare's Turnstile siteverify URL so the test suites can answer the
   * human check from a loopback server. Ignored when NODE_ENV is production; never set it in a real
   * deployment: whoever answers at this address decides who passes the human check.
   */
  TURNSTILE_TEST_VERIFY_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type Env = z.infer<typeof envSchema> & {
  DATABASE_URL: string;
  SESSION_SECRET: string;
  CRYPTO_SECRET: string;
  databaseType: "sqlite" | "postgres";
};

type GeneratedSecrets = { session_secret: string; crypto_secret: string };

function readOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, "secrets.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as GeneratedSecrets;
  } catch {
    // First start: generate once and persist, so sessions survive restarts. Never a fixed default.
    const secrets = {
      session_secret: randomBytes(32).toString("base64url"),
      crypto_secret: randomBytes(32).toString("base64url"),
    };
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
      return secrets;
    } catch {
      // Another process won the race: use what it wrote.
      return JSON.parse(fs.readFileSync(file, "utf8")) as GeneratedSecrets;
    }
  }
}

function load(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${issues}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL || `file:${path.join(dataDir, "gateway.db")}`;
  const databaseType = /^postgres(ql)?:\/\//i.test(databaseUrl) ? "postgres" : "sqlite";
  let session = e.SESSION_SECRET;
  let crypto = e.CRYPTO_SECRET;
  if (e.REDIS_URL && (!session || !crypto)) {
    // Several instances: secrets generated per data folder would differ, so sessions signed by one
    // instance and keys encrypted by another could not be read by the rest.
    throw new Error(
      "Invalid environment: SESSION_SECRET and CRYPTO_SECRET must be set (the same on every instance) when REDIS_URL is set",
    );
  }
  if (!session || !crypto) {
    const generated = readOrCreateSecrets(dataDir);
    session ??= generated.session_secret;
    crypto ??= generated.crypto_secret;
  }
  return {
    ...e,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: session,
    CRYPTO_SECRET: crypto,
    databaseType,
  };
}

const globalEnv = globalThis as unknown as { __gatewayEnv?: Env };

/** Validated environment, loaded once per process. */
export function env(): Env {
  globalEnv.__gatewayEnv ??= load();
  return globalEnv.__gatewayEnv;
}

/** Tests change process.env between cases; this drops the cached copy. */
export function resetEnvForTests(): void {
  globalEnv.__gatewayEnv = undefined;
}
