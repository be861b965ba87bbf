// Invariants of the container files that no test can run here (no Docker engine on the test
// machines): the Dockerfile's stages, user and health check, and docker-compose.yml's two gateways on
// one PostgreSQL + Redis behind the load balancer. The runtime the image runs is exercised for real by
// __tests__/relay/runtime-image.engine.test.ts.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

// js-yaml (YAML 1.2 with merge keys, as docker compose reads it) ships no types of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const yaml = require("js-yaml") as { load: (text: string) => unknown };

const ROOT = path.resolve(__dirname, "../..");
const read = (p: string) => fs.readFileSync(path.join(ROOT, p), "utf8");

type Instruction = { op: string; args: string };

/** Dockerfile instructions, continuation lines joined, comments dropped, split into stages. */
function dockerStages(text: string): { from: string; name: string; steps: Instruction[] }[] {
  const logical = text
    .split("\n")
    .filter((l) => !/^\s*#/.test(l))
    .join("\n")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  const args = new Map<string, string>();
  const stages: { from: string; name: string; steps: Instruction[] }[] = [];
  for (const line of logical) {
    const [op, ...rest] = line.split(/\s+/);
    const argsText = rest.join(" ");
    if (op!.toUpperCase() === "ARG" && stages.length === 0) {
      const [k, v = ""] = argsText.split("=");
      args.set(k!, v);
    } else if (op!.toUpperCase() === "FROM") {
      const [image, , name = ""] = rest;
      stages.push({ from: image!.replace(/\$\{(\w+)\}/g, (_, k: string) => args.get(k) ?? ""), name, steps: [] });
    } else stages.at(-1)!.steps.push({ op: op!.toUpperCase(), args: argsText });
  }
  return stages;
}

describe("Dockerfile", () => {
  const stages = dockerStages(read("Dockerfile"));
  const final = stages.at(-1)!;
  const steps = (op: string) => final.steps.filter((s) => s.op === op);

  test("multi-stage: dependencies and build happen in earlier stages, the runtime is node slim", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    expect(stages.slice(0, -1).some((s) => s.steps.some((i) => i.op === "RUN" && /npm install/.test(i.args)))).toBe(
      true,
    );
    expect(
      stages.some((s) => s.steps.some((i) => i.op === "RUN" && /assemble-runtime\.mjs \/runtime/.test(i.args))),
    ).toBe(true);
    expect(final.from).toMatch(/^node:20(\.\d+)*-(bookworm-)?slim$/);
    // Only the assembled folder reaches the runtime stage; nothing is installed there.
    expect(steps("COPY").map((c) => c.args)).toEqual([expect.stringMatching(/^--from=build \/runtime \/app$/)]);
    expect(steps("RUN").some((r) => /npm|apt-get/.test(r.args))).toBe(false);
  });

  test("the final stage runs as a non-root user, exposes 3000 and checks /healthz with node", () => {
    const user = steps("USER");
    expect(user).toHaveLength(1);
    expect(user[0]!.args).not.toMatch(/^(root|0)(:|$)/);
    expect(final.steps.findIndex((s) => s.op === "USER")).toBeGreaterThan(
      final.steps.findIndex((s) => s.op === "COPY"),
    );
    expect(steps("EXPOSE").map((e) => e.args)).toEqual(["3000"]);
    const health = steps("HEALTHCHECK");
    expect(health).toHaveLength(1);
    expect(health[0]!.args).toMatch(/CMD \["node", "-e", ".*\/healthz/);
    expect(steps("ENTRYPOINT").map((e) => e.args)).toEqual(['["/bin/sh", "/app/scripts/docker-entrypoint.sh"]']);
  });

  test("the entrypoint migrates, then execs the server with the V8 flags of npm start", () => {
    const script = read("scripts/docker-entrypoint.sh");
    const migrate = script.indexOf("node scripts/migrate.mjs");
    const serve = script.indexOf("exec node $(node scripts/server-flags.mjs) scripts/serve.mjs");
    expect(migrate).toBeGreaterThan(0);
    expect(serve).toBeGreaterThan(migrate);
    expect(script).toMatch(/set -eu/);
    expect(read("scripts/start.mjs")).toMatch(/serverV8Flags\(\)/);
    // Fewer malloc arenas, unless the operator sets their own (scripts/server-flags.mjs).
    expect(script.indexOf('export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"')).toBeLessThan(serve);
    const start = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    expect(start).toMatch(/^export MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-2\}; exec node /);
    // npm start puts the server's flags on node's command line, like the entrypoint (else start.mjs
    // spawns a second process); every process serves, the primary of several workers too.
    expect(start).toContain("exec node $(node scripts/server-flags.mjs) scripts/start.mjs");
    const flagsFor = (workers: string) =>
      execFileSync(process.execPath, [path.join(ROOT, "scripts/server-flags.mjs")], {
        env: { ...process.env, GATEWAY_MAX_OLD_SPACE_MB: "", WORKERS: workers },
        encoding: "utf8",
      }).trim();
    expect(flagsFor("1")).toBe("--max-semi-space-size=8 --max-old-space-size=384 --v8-pool-size=1");
    expect(flagsFor("2")).toBe(flagsFor("1"));
    expect(read("scripts/start.mjs")).toMatch(/MALLOC_ARENA_MAX: process\.env\.MALLOC_ARENA_MAX \?\? MALLOC_ARENAS/);
  });

  test(".dockerignore keeps host builds, dependencies and secrets out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const p of ["node_modules", ".next", "lib/generated", "data", ".env"]) expect(ignored).toContain(p);
  });
});

type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
};

describe("docker-compose.yml", () => {
  const compose = yaml.load(read("docker-compose.yml")) as {
    services: Record<string, Service>;
    volumes: Record<string, unknown>;
  };
  const { services } = compose;
  const gateways = [services["gateway-a"]!, services["gateway-b"]!];

  test("two gateway instances of one image, on PostgreSQL and Redis, with the same secrets", () => {
    for (const g of gateways) {
      const env = g.environment!;
      expect(g.image).toBe(gateways[0]!.image);
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
      expect(env.REDIS_URL).toBe("redis://redis:6379/0");
      expect(env.TRUST_PROXY).toBe("true");
      // Required from .env: compose refuses to start without them.
      expect(env.SESSION_SECRET).toMatch(/^\$\{SESSION_SECRET:\?/);
      expect(env.CRYPTO_SECRET).toMatch(/^\$\{CRYPTO_SECRET:\?/);
      expect(g.depends_on).toEqual({
        postgres: { condition: "service_healthy" },
        redis: { condition: "service_healthy" },
      });
      expect(g.healthcheck!.test.join(" ")).toMatch(/\/readyz/);
      expect(parseInt(g.stop_grace_period!, 10)).toBeGreaterThan(30); // SHUTDOWN_TIMEOUT default
      expect(g.ports).toBeUndefined(); // reached through the load balancer only
    }
    const [a, b] = gateways.map((g) => g.environment!);
    for (const k of ["SESSION_SECRET", "CRYPTO_SECRET", "METRICS_TOKEN", "DATABASE_URL", "REDIS_URL"])
      expect(a![k]).toBe(b![k]);
    expect(a!.NODE_NAME).not.toBe(b!.NODE_NAME);
  });

  test("every value compose requires is in .env.example, empty (no shared default secret)", () => {
    const required = [...read("docker-compose.yml").matchAll(/\$\{(\w+):\?/g)].map((m) => m[1]!);
    const example = read(".env.example");
    expect(required.length).toBeGreaterThan(0);
    for (const name of new Set(required)) expect(example).toMatch(new RegExp(`^${name}=$`, "m"));
  });

  test("PostgreSQL 16 on a named volume; Redis 7 with noeviction and append-only persistence", () => {
    const pgService = services.postgres!;
    expect(pgService.image).toMatch(/^postgres:16/);
    const volume = pgService.volumes![0]!.split(":")[0]!;
    expect(Object.keys(compose.volumes)).toContain(volume);
    const redisService = services.redis!;
    expect(redisService.image).toMatch(/^redis:7/);
    const cmd = redisService.command!.join(" ");
    expect(cmd).toMatch(/--maxmemory-policy noeviction/);
    expect(cmd).toMatch(/--appendonly yes/);
  });

  test("the load balancer fronts both gateways, streams SSE unbuffered and sets X-Forwarded-For", () => {
    const lb = services.lb!;
    expect(lb.image).toMatch(/^nginx:/);
    expect(lb.ports).toHaveLength(1);
    expect(lb.depends_on).toEqual({
      "gateway-a": { condition: "service_healthy" },
      "gateway-b": { condition: "service_healthy" },
    });
    const [source] = lb.volumes![0]!.split(":");
    const conf = read(source!);
    expect(conf).toMatch(/server gateway-a:3000/);
    expect(conf).toMatch(/server gateway-b:3000/);
    expect(conf).toMatch(/proxy_buffering off;/);
    expect(conf).toMatch(/proxy_read_timeout 3600s;/);
    // Overwritten with the peer address: the gateway trusts the first entry.
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });
});
