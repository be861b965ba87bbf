import "server-only";

// Reading a source column as the value our column wants: drivers return strings, numbers, bigints,
// booleans, Dates or Buffers depending on engine and column type; a missing column reads as its default.
import { ImportError } from "@/lib/server/import/import-error";
import type { SourceRow, SourceValue } from "@/lib/server/import/source";

/** The row being mapped, for error messages and skip reasons. */
export type RowRef = { table: string; id: string | number };

export function str(v: SourceValue | undefined): string {
  if (v === null || v === undefined) return "";
  if (Buffer.isBuffer(v)) return v.toString("utf8");
  if (v instanceof Date) return v.toISOString();
  // JSON columns arrive parsed from mysql2 and pg.
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

export function int(v: SourceValue | undefined): number {
  const n = typeof v === "bigint" ? Number(v) : Number(str(v) || 0);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

export function big(v: SourceValue | undefined): bigint {
  if (typeof v === "bigint") return v;
  const s = str(v).trim();
  return /^-?\d+$/.test(s) ? BigInt(s) : BigInt(int(v));
}

export function num(v: SourceValue | undefined): number {
  const n = Number(str(v) || 0);
  return Number.isFinite(n) ? n : 0;
}

export function bool(v: SourceValue | undefined): boolean {
  if (typeof v === "boolean") return v;
  if (Buffer.isBuffer(v)) return v.length > 0 && v[0] !== 0;
  const s = str(v).toLowerCase();
  return s === "1" || s === "true" || s === "t";
}

/** gorm's deleted_at: a DATETIME string (SQLite), a Date (MySQL, PostgreSQL), or null. */
export function date(v: SourceValue | undefined): Date | null {
  if (v === null || v === undefined || v === "") return null;
  const d =
    v instanceof Date
      ? v
      : new Date(
          str(v)
            .replace(" ", "T")
            .replace(/(\.\d{3})\d+/, "$1"),
        );
  return Number.isNaN(d.getTime()) ? new Date(0) : d;
}

/** Text that must fit: too long stops the import (for rows that are never skipped). */
export function fitted(ref: RowRef, column: string, v: SourceValue | undefined, max: number): string {
  const s = str(v);
  if (s.length > max) throw new ImportError("import_oversized", { ...ref, column, size: s.length, max });
  return s;
}

/** A JSON object column: "" stays "", anything that is not an object stops the import. */
export function jsonObject(ref: RowRef, column: string, v: SourceValue | undefined): string {
  const s = str(v).trim();
  if (!s || s === "null") return "";
  try {
    const parsed: unknown = JSON.parse(s);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return s;
  } catch {
    // reported below
  }
  throw new ImportError("import_bad_json", { ...ref, column });
}

/** A JSON object, or {} when it is not one (for columns where a default loses nothing). */
export function parseObject(v: SourceValue | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(str(v) || "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export const col = (row: SourceRow, name: string): SourceValue | undefined => row[name];
