// Seeded generator of hostile JSON values for the fuzz tests (no fast-check dependency): wrong types,
// huge strings, deep nesting, lone surrogates, NUL, extreme numbers, prototype keys, SQL-ish and
// template strings. Everything derives from one 32-bit seed so a failure can be replayed.

export type Rng = { next: () => number; int: (n: number) => number; pick: <T>(xs: readonly T[]) => T; seed: number };

export function makeRng(seed: number): Rng {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (xs) => xs[int(xs.length)]!, seed };
}

export const HOSTILE_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "\uffff",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "%' OR 1=1 --",
  "${process.exit()}",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "../../../../etc/passwd",
  "%00",
  "%ZZ",
  "%",
  "\\u12",
  "__proto__",
  "constructor",
  "1e26",
  "9223372036854775808",
  "-1",
  "NaN",
  "null",
  "😀👨‍👩‍👧",
  "中文",
];

export const HOSTILE_NUMBERS = [
  0,
  -1,
  1.5,
  1e26,
  -1e26,
  9223372036854775807,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  -(2 ** 63),
  1e308,
  5e-324,
];

export function deepNest(depth: number, leaf: unknown = 1): unknown {
  let v: unknown = leaf;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** A hostile value of any JSON type (sizes kept modest unless `huge`). */
export function hostileValue(r: Rng, huge = false): unknown {
  switch (r.int(12)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick(HOSTILE_NUMBERS);
    case 3:
    case 4:
      return r.pick(HOSTILE_STRINGS);
    case 5:
      return huge ? r.pick(["😀", "中", "a", "\ud800"]).repeat(50_000 + r.int(200_000)) : "x".repeat(r.int(300));
    case 6:
      return [];
    case 7:
      return {};
    case 8:
      return [r.pick(HOSTILE_STRINGS), r.pick(HOSTILE_NUMBERS), null];
    case 9:
      return { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } };
    case 10:
      return deepNest(huge ? 1_000 + r.int(2_000) : 10 + r.int(150));
    default:
      return { text: r.pick(HOSTILE_STRINGS), type: r.pick(["text", "image_url", "tool_use", "", 5]) };
  }
}

type Path = (string | number)[];

/** Every path of a JSON template (objects and arrays), the root excluded. */
export function pathsOf(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  const entries: [string | number, unknown][] = Array.isArray(v)
    ? v.map((x, i) => [i, x])
    : v && typeof v === "object"
      ? Object.entries(v)
      : [];
  for (const [k, x] of entries) {
    out.push([...at, k]);
    pathsOf(x, [...at, k], out);
  }
  return out;
}

/** A deep copy of template with the value at one random path replaced (or a prototype key added). */
export function mutate(r: Rng, template: unknown, huge = false): unknown {
  const copy = JSON.parse(JSON.stringify(template)) as Record<string, unknown>;
  const paths = pathsOf(copy);
  if (!paths.length || r.next() < 0.1) return hostileValue(r, huge);
  const path = r.pick(paths);
  let parent: Record<string | number, unknown> = copy;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (r.next() < 0.1) {
    // JSON text keeps "__proto__" as an own key; the object literal route would set the prototype.
    Object.defineProperty(parent, "__proto__", {
      value: { isAdmin: true },
      enumerable: true,
      configurable: true,
      writable: true,
    });
  } else parent[last] = hostileValue(r, huge);
  return copy;
}

/** JSON text with a duplicated key at the top (the last one wins in JSON.parse). */
export function withDuplicateKey(json: string, key: string, value: unknown): string {
  return json.startsWith("{") ? `{"${key}":${JSON.stringify(value)},${json.slice(1)}` : json;
}
