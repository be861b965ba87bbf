// Issue 36: keys that name Object.prototype members, wherever a client or admin names a key. The
// fuzzer (fuzz-targets.ts) puts them into request bodies: as the model, the group or an option key,
// as own keys of the body, and as the keys of the JSON maps channels and options carry (model and
// status-code mappings, header and parameter overrides, ratios). Seeded like the rest (hostile.ts).
import type { Rng } from "./hostile";

export const PROTOTYPE_NAMES = [
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "isPrototypeOf",
  "propertyIsEnumerable",
  "toLocaleString",
  "__defineGetter__",
  "__lookupSetter__",
] as const;

/** Fields whose value names a key somewhere (a price, a group, an option, a channel). */
const NAMING_FIELDS = ["model", "group", "key", "name", "models"];
/** Fields holding a JSON map (as text, the way channels and options store them). */
const MAP_FIELDS = ["model_mapping", "status_code_mapping", "header_override", "param_override", "value", "setting"];

/** An object with prototype-named own keys (JSON text keeps "__proto__" an own key, as here). */
export function prototypeMap(r: Rng): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 1 + r.int(3); i > 0; i--) {
    const value = r.pick(["x", 1, "400", 2.5, { a: 1 }, null]);
    Object.defineProperty(out, r.pick(PROTOTYPE_NAMES), {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  }
  return out;
}

/** `value` (a request body) with prototype names where keys are named; other values unchanged. */
export function withPrototypeNames(r: Rng, value: unknown): unknown {
  if (!value || typeof value !== "object" || Array.isArray(value)) return r.next() < 0.5 ? prototypeMap(r) : value;
  const out = JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
  const roll = r.next();
  if (roll < 0.4) out[r.pick(NAMING_FIELDS)] = r.pick(PROTOTYPE_NAMES);
  else if (roll < 0.7) out[r.pick(MAP_FIELDS)] = JSON.stringify(prototypeMap(r));
  else {
    const own = prototypeMap(r);
    for (const k of Object.keys(own))
      Object.defineProperty(out, k, { value: own[k], enumerable: true, configurable: true, writable: true });
  }
  return out;
}
