// The one error table (lib/server/errors/table.ts: code -> HTTP status -> message) serves the console
// (AppError) and the relay (relayError): every code the sources throw is in it, every entry is used,
// every relay code has its message and wire shape, and both sides answer the table's status.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ERROR_TABLE, type ErrorCode, type ErrorEntry } from "@/lib/server/errors/table";
import { AppError } from "@/lib/server/http/app-error";
import { RELAY_WIRE, relayError, type RelayErrorName } from "@/relay/kernel/error-codes";

const root = path.resolve(__dirname, "../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "generated" || e.name === "node_modules" ? [] : sourceFiles(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** Every `new AppError(x` and `relayError(x` call in the sources, with its first argument. */
function thrownCodes(): { file: string; code: string; literal: boolean }[] {
  const call = /(?<!function )\b(?:new AppError|relayError)\(\s*(?:"(\w+)"|([^\s,)]+))/g;
  return ["lib", "relay", "server", "modules", "app"].flatMap(sourceFiles).flatMap((file) =>
    [...readFileSync(path.join(root, file), "utf8").matchAll(call)].map((m) => ({
      file,
      code: m[1] ?? m[2]!,
      literal: m[1] !== undefined,
    })),
  );
}

const table: Record<string, ErrorEntry> = ERROR_TABLE;
const wire: Record<string, unknown> = RELAY_WIRE;

test("every code thrown in the sources is a literal code of the table", () => {
  const calls = thrownCodes();
  expect(calls.length).toBeGreaterThan(100);
  const offTable = calls.filter((c) => !c.literal || !(c.code in table)).map((c) => `${c.file}: ${c.code}`);
  expect(offTable).toEqual([]);
});

test("every code of the table is thrown somewhere (no dead entries)", () => {
  const used = new Set(thrownCodes().map((c) => c.code));
  expect(Object.keys(table).filter((code) => !used.has(code))).toEqual([]);
});

test("every relay code has a message or a key and a wire shape; the console categories are the rest", () => {
  for (const name of Object.keys(wire)) {
    const entry = table[name];
    expect([name, entry !== undefined, Boolean(entry?.message) !== Boolean(entry?.key)]).toEqual([name, true, true]);
  }
  const consoleOnly = Object.keys(table).filter((code) => !(code in wire));
  expect(consoleOnly.sort()).toEqual(
    [
      "bad_request",
      "conflict",
      "not_found",
      "outside_unreachable",
      "payload_too_large",
      "rate_limited",
      "unauthorized",
      "unavailable",
    ].sort(),
  );
});

test("the console and the relay answer the table's status for a code", () => {
  for (const code of Object.keys(table) as ErrorCode[])
    expect([code, new AppError(code, "internal_error_with_id").status]).toEqual([code, table[code]!.status]);
  for (const name of Object.keys(wire) as RelayErrorName[])
    expect([name, relayError(name, { detail: "x" }).status]).toEqual([name, table[name]!.status]);
});
