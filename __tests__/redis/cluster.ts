// Two real gateway instances (the production build, see __tests__/relay/gateway.ts) on ONE fresh
// PostgreSQL database and ONE throwaway redis-server, as an operator would run them behind a load
// balancer: the same SESSION_SECRET / CRYPTO_SECRET (a root session cookie minted by one instance
// is valid on the other), NODE_NAME a / b, a METRICS_TOKEN. Helpers: admin calls through either
// instance, direct SQL reads, settle() (both instances' bookkeeping persisted), kill -9 / restart of
// one instance, /metrics scrapes. The database is a copy of the migrated template. Every child
// process is killed in close(), on process exit and on a terminating signal, so a failing or
// interrupted test leaves nothing running.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { startGateway, type Gateway } from "../relay/gateway";
import { startRedis, type TestRedis } from "../../test-support/redis-server";
import { gatewayChildren } from "./cluster-processes";
import { createPostgresFromTemplate } from "../../test-support/db-template";

export type NodeName = "a" | "b";
export type ClusterNode = Gateway & { name: NodeName };
export type ApiCall = Gateway["api"];

export type Cluster = {
  /** The live instances; `restart` replaces an entry, so read `nodes.a` at call time. */
  nodes: Record<NodeName, ClusterNode>;
  databaseUrl: string;
  redis: TestRedis;
  metricsToken: string;
  /** A read query on the shared database; camelCase columns are quoted, `?` placeholders. */
  sql: <T = Record<string, unknown>>(query: string, ...args: unknown[]) => Promise<T[]>;
  /**
   * Waits until both instances have persisted their bookkeeping: optionally until at least
   * `consumeLogs` consume logs exist (of `tokenId` only, when given), then until balances and logs
   * stop changing.
   */
  settle: (opts?: { consumeLogs?: number; tokenId?: number }) => Promise<void>;
  /** kill -9 of one instance (no shutdown hook runs); resolves once its port refuses connections. */
  kill: (name: NodeName) => Promise<void>;
  /** Starts a killed instance again on the same database (a new port: read `nodes[name].url`). */
  start: (name: NodeName) => Promise<ClusterNode>;
  /** Logs in through one instance as another user; answers an api caller with that user's cookie. */
  loginAs: (name: NodeName, username: string, password: string) => Promise<ApiCall>;
  /** PUT /api/option/ as root through the given instance; throws on failure. */
  setOption: (name: NodeName, key: string, value: string) => Promise<void>;
  /** GET /metrics with the bearer token (or the given authorization header value). */
  scrape: (name: NodeName, authorization?: string | null) => Promise<Response>;
  close: () => Promise<void>;
};

export type ClusterOptions = {
  env?: Record<string, string>;
  /**
   * Configuration made through A before B starts (options, channels): B then boots with it, so a
   * test of quota or limits does not depend on cross-instance invalidation (tested on its own).
   */
  prepare?: (a: ClusterNode) => Promise<void>;
};

/** The test model every cluster test routes; billed by ModelPrice so each request has a known price. */
export const MODEL = "cluster-model";
/** ModelPrice 0.002 USD x 500000 quota per USD = 1000 quota per request. */
export const PRICE_USD = 0.002;
export const PRICE_QUOTA = 1000;
/** Checked every SETTLE_POLL_MS; settled after SETTLE_QUIET_POLLS equal snapshots in a row. */
const SETTLE_POLL_MS = 400;
const SETTLE_QUIET_POLLS = 3;

const SIGNALS: NodeJS.Signals[] = ["SIGTERM", "SIGINT", "SIGHUP"];
const DB_PREFIX = "cluster_";
/** A cluster database older than this belongs to a run that died without cleaning up. */
const STALE_DATABASE_MS = 3 * 3600_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function sqlOn(pool: pg.Pool): Cluster["sql"] {
  return async (query, ...args) => {
    let i = 0;
    const text = query.replace(/\?/g, () => `$${++i}`).replace(/\b([a-z]+[A-Z][A-Za-z]*)\b/g, '"$1"');
    return (await pool.query(text, args)).rows as never;
  };
}

export async function startCluster(opts: ClusterOptions = {}): Promise<Cluster> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base || !/^postgres(ql)?:\/\//.test(base))
    throw new Error("TEST_DATABASE_URL=postgres://... is required (bash /tmp/pgstart.sh locally)");

  const nodes = {} as Record<NodeName, ClusterNode>;
  const dead = new Set<NodeName>();
  let redis: TestRedis | null = null;
  // Runs on any exit of the test process (a crash, a timeout): no orphan gateway or redis-server.
  const killAll = () => {
    for (const node of Object.values(nodes)) node.signal("SIGKILL");
    // Also one still starting (startGateway has not answered yet): any gateway child of this process.
    for (const pid of gatewayChildren()) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    redis?.kill();
  };
  process.on("exit", killAll);
  const dbName = `${DB_PREFIX}${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    try {
      return (await c.query(q)).rows as { datname: string }[];
    } finally {
      await c.end();
    }
  };
  // A terminating signal skips "exit": kill the children, drop the database (bounded), then let the
  // signal do its default.
  const onSignal = (signal: NodeJS.Signals) => {
    killAll();
    const drop = admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    void Promise.race([drop, sleep(3_000)]).then(() => process.kill(process.pid, signal));
  };
  for (const signal of SIGNALS) process.once(signal, onSignal);

  // Databases of runs that were killed outright (SIGKILL leaves no chance to clean up).
  const stale = await admin(`SELECT datname FROM pg_database WHERE datname LIKE '${DB_PREFIX}%'`);
  for (const { datname } of stale) {
    const started = Number(datname.slice(DB_PREFIX.length).split("_")[0]);
    if (Date.now() - started > STALE_DATABASE_MS)
      await admin(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  }
  await createPostgresFromTemplate(base, dbName); // migrated once per run (db-template.ts)
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  const databaseUrl = u.toString();
  const types = {
    getTypeParser: (oid: number, format?: string) =>
      oid === 20 || oid === 1700 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as never),
  };
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 3, types: types as never });
  pool.on("error", () => undefined); // an idle connection dropped with the database at the end
  const sql = sqlOn(pool);
  const metricsToken = randomBytes(16).toString("hex");

  const dropAll = async () => {
    const stops = (Object.keys(nodes) as NodeName[]).map(async (name) => {
      const node = nodes[name];
      if (dead.has(name)) return; // stopped by kill()
      // A hung shutdown must not hang the suite: SIGKILL after 15 s (stop() then resolves too).
      const guard = setTimeout(() => node.signal("SIGKILL"), 15_000);
      try {
        await node.stop();
      } finally {
        clearTimeout(guard);
      }
    });
    await Promise.allSettled(stops);
    await pool.end().catch(() => undefined);
    await admin(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`).catch(() => undefined);
    // stop() (SIGTERM, waits for the exit), never kill() first: a signalled child keeps exitCode null.
    await redis?.stop();
    process.off("exit", killAll);
    for (const signal of SIGNALS) process.off(signal, onSignal);
  };

  try {
    redis = await startRedis();
    const shared = {
      REDIS_URL: redis.url,
      SESSION_SECRET: randomBytes(24).toString("base64url"),
      CRYPTO_SECRET: randomBytes(24).toString("base64url"),
      METRICS_TOKEN: metricsToken,
      // The periodic option/channel re-read stays at its 60 s default so it cannot pass the 1 s
      // invalidation tests in place of cross-instance invalidation.
      SYNC_FREQUENCY: "60",
      ...opts.env,
    };
    const start = async (name: NodeName): Promise<ClusterNode> => {
      const gw = await startGateway({ databaseUrl, env: { ...shared, NODE_NAME: name } });
      nodes[name] = Object.assign(gw, { name });
      dead.delete(name);
      // Traffic only once /readyz says so, as a load balancer would route it.
      for (let i = 0; (await fetch(`${gw.url}/readyz`).catch(() => null))?.status !== 200; i++) {
        if (i > 150) throw new Error(`instance ${name} never became ready (/readyz)`);
        await sleep(200);
      }
      return nodes[name];
    };
    // A runs the setup (root account); B then finds it set up and only logs in.
    await opts.prepare?.(await start("a"));
    await start("b");

    const kill: Cluster["kill"] = async (name) => {
      const node = nodes[name];
      dead.add(name);
      node.signal("SIGKILL");
      await node.exited;
      // Its data folder (PostgreSQL holds the data) is not reused: a restart gets a fresh one.
      await node.stop();
    };

    const settle: Cluster["settle"] = async ({ consumeLogs, tokenId } = {}) => {
      if (consumeLogs !== undefined) {
        for (let i = 0; ; i++) {
          const [row] =
            tokenId === undefined
              ? await sql<{ n: number }>("select count(*) n from logs where type = 2")
              : await sql<{ n: number }>("select count(*) n from logs where type = 2 and tokenId = ?", tokenId);
          // Missing logs are the caller's assertion to report (with the numbers), not a settle error.
          if (row!.n >= consumeLogs || i >= 100) break;
          await sleep(200);
        }
      }
      let last = "";
      let quiet = 0;
      for (let i = 0; i < 60; i++) {
        const snap = JSON.stringify(
          await sql(
            `select (select count(*) from logs) l,
                    (select coalesce(sum(quota), 0) from users) uq, (select coalesce(sum(usedQuota), 0) from users) uu,
                    (select coalesce(sum(requestCount), 0) from users) ur,
                    (select coalesce(sum(remainQuota), 0) from tokens) tr, (select coalesce(sum(usedQuota), 0) from tokens) tu,
                    (select coalesce(sum(usedQuota), 0) from channels) cu`,
          ),
        );
        quiet = snap === last ? quiet + 1 : 0;
        if (quiet >= SETTLE_QUIET_POLLS - 1) return;
        last = snap;
        await sleep(SETTLE_POLL_MS);
      }
      throw new Error("the database kept changing for 24 s: bookkeeping never settled");
    };

    const loginAs: Cluster["loginAs"] = async (name, username, password) => {
      const url = nodes[name].url;
      const login = await fetch(`${url}/api/user/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
      });
      const cookie = login.headers.get("set-cookie")?.split(";")[0];
      if (!login.ok || !cookie) throw new Error(`login of ${username} failed: ${login.status}`);
      return async (method, p, body) => {
        const res = await fetch(`${nodes[name].url}${p}`, {
          method,
          headers: { "content-type": "application/json", cookie },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json()) as never };
      };
    };

    const setOption: Cluster["setOption"] = (name, key, value) => putOption(nodes[name], key, value);

    const scrape: Cluster["scrape"] = (name, authorization = `Bearer ${metricsToken}`) =>
      fetch(`${nodes[name].url}/metrics`, { headers: authorization ? { authorization } : {} });

    return {
      nodes,
      databaseUrl,
      redis,
      metricsToken,
      sql,
      settle,
      kill,
      start,
      loginAs,
      setOption,
      scrape,
      close: dropAll,
    };
  } catch (err) {
    await dropAll().catch(() => undefined);
    throw err;
  }
}

/** PUT /api/option/ as root through one gateway; throws on failure. */
export async function putOption(node: Gateway, key: string, value: string): Promise<void> {
  const r = await node.api("PUT", "/api/option/", { key, value });
  if (!r.json.success) throw new Error(`option ${key}: ${r.json.message}`);
}
