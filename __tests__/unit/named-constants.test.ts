// Client code compares statuses, roles, pricing and log types with the named constants of
// lib/constants.ts (the same names the services use), never with bare numbers: a bare `status === 1`
// cannot tell a token's "enabled" from a redemption code's "unused". HTTP statuses (3 digits, or on
// an error/response object) are not enums and are left alone.
import fs from "node:fs";
import path from "node:path";
import { CHANNEL_STATUS, LOG_TYPE, REDEMPTION_STATUS, TOKEN_STATUS, USER_STATUS } from "@/lib/constants";
import { LOG_TYPES } from "@/modules/logs/client/usage/log-display";

const ROOT = path.resolve(__dirname, "../..");
const HTTP_OBJECTS = new Set(["err", "error", "res", "response", "up", "answer"]);
const OP = String.raw`(?:===|!==|==|!=|>=|<=|<|>)`;
const FIELD = String.raw`(?:(\w+)(?:\?)?\.)?(status|role|quota_type)`;
// `x.status === 1`, `1 === x.status`, `{ status: 2 }`, and a log row's `r.type === 6`.
const BARE = [
  new RegExp(String.raw`${FIELD}\s*${OP}\s*(-?\d+)(?![\d.])`, "g"),
  new RegExp(String.raw`(?<![\w.])(-?\d+)\s*${OP}\s*${FIELD}\b`, "g"),
  new RegExp(String.raw`\b()(status|role|quota_type):\s*(\d+)(?![\d.])`, "g"),
];
const LOG_TYPE_BARE = /\b\w+\.type\s*(?:===|!==)\s*\d/g;

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.existsSync(path.join(ROOT, dir))) return out;
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) walk(rel, out);
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\./.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The bare-number comparisons of enum fields in `text` (one "line: match" per hit). */
export function bareComparisons(text: string, isLogs = false): string[] {
  const hits: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (/^\s*(\/\/|\*)/.test(line)) return;
    for (const re of BARE) {
      for (const m of line.matchAll(re)) {
        const [object, field, num] = re === BARE[1] ? [m[2], m[3], m[1]] : [m[1], m[2], m[3]];
        if (object && HTTP_OBJECTS.has(object)) continue;
        // HTTP statuses are three digits; enum statuses are one (roles go up to 100).
        if (field === "status" && Math.abs(Number(num)) >= 100) continue;
        hits.push(`${i + 1}: ${m[0]}`);
      }
    }
    if (isLogs) for (const m of line.matchAll(LOG_TYPE_BARE)) hits.push(`${i + 1}: ${m[0]}`);
  });
  return hits;
}

const CLIENT_DIRS = [
  "components",
  "lib/client",
  ...fs.readdirSync(path.join(ROOT, "modules")).flatMap((m) => [`modules/${m}/components`, `modules/${m}/client`]),
];

test("the scan finds bare comparisons and leaves HTTP statuses alone", () => {
  const sample = [
    "if (u.status === 1) return;",
    "run: () => setStatus.mutate({ ids, status: 2 });",
    "const admin = user.role >= 10;",
    "if (2 === r.status) x();",
    "const isUsage = (r) => r.type === 6;",
    "if (err instanceof ApiError && err.status === 404) throw e;",
    "if (status === 401) return 'unauthorized';",
    "if (r.status === CHANNEL_STATUS.enabled) y();",
    "// status 1 means enabled",
  ].join("\n");
  expect(bareComparisons(sample, true)).toEqual([
    "1: u.status === 1",
    "2: status: 2",
    "3: user.role >= 10",
    "4: 2 === r.status",
    "5: r.type === 6",
  ]);
});

test("client components and hooks use the named constants", () => {
  const files = CLIENT_DIRS.flatMap((dir) => walk(dir));
  expect(files.length).toBeGreaterThan(100);
  const hits = files.flatMap((f) =>
    bareComparisons(fs.readFileSync(path.join(ROOT, f), "utf8"), f.startsWith("modules/logs/")).map((h) => `${f}:${h}`),
  );
  expect(hits).toEqual([]);
});

test("the constants keep new-api's numbers", () => {
  expect(USER_STATUS).toEqual({ enabled: 1, disabled: 2 });
  expect(TOKEN_STATUS).toEqual({ enabled: 1, disabled: 2, expired: 3, exhausted: 4 });
  expect(CHANNEL_STATUS).toEqual({ enabled: 1, manuallyDisabled: 2, autoDisabled: 3 });
  expect(REDEMPTION_STATUS).toEqual({ unused: 1, disabled: 2, used: 3 });
  expect(LOG_TYPE).toEqual({ topup: 1, consume: 2, manage: 3, system: 4, checkin: 5, error: 6, refund: 7 });
  expect(LOG_TYPES).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
});
