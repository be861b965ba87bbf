// Model mapping: a virtual model name → actual models with integer priorities. The
// relay serves a request for a virtual model with its actual models, HIGHER priority number first
// (the same direction as channel priority); equal priorities keep their listed order. An actual
// model is never resolved again as a virtual one (no chains, no loops).
// Isomorphic: used by the manager UI, PUT /api/model_mapping/ and the relay.

export type MappingTarget = { model: string; priorities: number };
export type ModelMapping = Record<string, MappingTarget[]>;

/** One virtual model as edited in the manager (priorities as typed). */
export type MappingEntry = { virtual: string; targets: { model: string; priorities: string | number }[] };

export type MappingProblemId =
  | "virtual_required"
  | "virtual_duplicate"
  | "actual_required"
  | "actual_duplicate"
  | "actual_min_one"
  | "priority_integer"
  | "shape";

export type MappingProblem = { id: MappingProblemId; params: Record<string, string | number> };

function parsePriority(p: string | number): number | null {
  const n = typeof p === "number" ? p : p.trim() === "" ? NaN : Number(p);
  return Number.isInteger(n) && n >= 0 && n <= 2 ** 31 - 1 ? n : null;
}

/** The first problem of the edited entries, or null. */
export function checkMappingEntries(entries: MappingEntry[]): MappingProblem | null {
  const seen = new Set<string>();
  for (const entry of entries) {
    const virtual = entry.virtual.trim();
    if (!virtual) return { id: "virtual_required", params: {} };
    if (seen.has(virtual)) return { id: "virtual_duplicate", params: { name: virtual } };
    seen.add(virtual);
    if (entry.targets.length === 0) return { id: "actual_min_one", params: { name: virtual } };
    const actual = new Set<string>();
    for (const t of entry.targets) {
      const model = t.model.trim();
      if (!model) return { id: "actual_required", params: { name: virtual } };
      if (actual.has(model)) return { id: "actual_duplicate", params: { name: virtual, model } };
      actual.add(model);
      if (parsePriority(t.priorities) === null) return { id: "priority_integer", params: { name: virtual, model } };
    }
  }
  return null;
}

/** Entries → the stored mapping (names trimmed, priorities numbers). Call after checkMappingEntries. */
export function entriesToMapping(entries: MappingEntry[]): ModelMapping {
  // Virtual model names are admin-chosen keys: "__proto__" must stay a key (lib/own-keys.ts).
  const out: ModelMapping = Object.create(null);
  for (const e of entries) {
    out[e.virtual.trim()] = e.targets.map((t) => ({ model: t.model.trim(), priorities: parsePriority(t.priorities)! }));
  }
  return out;
}

export function mappingToEntries(mapping: ModelMapping): MappingEntry[] {
  return Object.entries(mapping).map(([virtual, targets]) => ({
    virtual,
    targets: targets.map((t) => ({ model: t.model, priorities: t.priorities })),
  }));
}

/** Validates an untrusted mapping document (PUT body or stored option). */
export function checkModelMapping(value: unknown): MappingProblem | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { id: "shape", params: {} };
  const entries: MappingEntry[] = [];
  for (const [virtual, targets] of Object.entries(value as Record<string, unknown>)) {
    if (!Array.isArray(targets)) return { id: "shape", params: {} };
    const list: MappingEntry["targets"] = [];
    for (const t of targets) {
      if (typeof t !== "object" || t === null || typeof (t as MappingTarget).model !== "string")
        return { id: "shape", params: {} };
      const p = (t as { priorities?: unknown }).priorities;
      if (typeof p !== "number" && typeof p !== "string")
        return { id: "priority_integer", params: { name: virtual, model: (t as MappingTarget).model } };
      list.push({ model: (t as MappingTarget).model, priorities: p });
    }
    entries.push({ virtual, targets: list });
  }
  return checkMappingEntries(entries);
}

/** The actual models of a virtual model in the order the relay tries them. */
export function orderTargets(targets: readonly MappingTarget[]): string[] {
  return targets
    .map((t, i) => ({ t, i }))
    .sort((a, b) => b.t.priorities - a.t.priorities || a.i - b.i)
    .map(({ t }) => t.model);
}
