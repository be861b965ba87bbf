// Maps whose keys a client or admin names: ratios and prices by model or group, usable groups, model
// mappings, header and parameter overrides, status-code mappings, per-model settings. A key such as
// "constructor", "toString" or "__proto__" must read as what it is, an ordinary key that is usually
// absent: `map[key]` on a plain object answers Object.prototype's members instead (a function as a
// ratio made a bill NaN; `"toString" in groups` granted a group), and `obj[key] = v` with "__proto__"
// replaces an object's prototype. Hence: maps parsed from JSON have no prototype (parseJsonMap), and
// lookups in any other table go through ownValue / hasOwnKey.

/** Names of Object.prototype's members (__proto__, constructor, toString, valueOf, hasOwnProperty, …). */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

export const isPrototypeKey = (key: string): boolean => PROTOTYPE_KEYS.has(key);

/** Object.hasOwn for maps that may be missing. */
export function hasOwnKey(map: object | null | undefined, key: string): boolean {
  return !!map && Object.hasOwn(map, key);
}

/** map[key] when the map itself holds that key, else undefined (never an inherited member). */
export function ownValue<T>(map: Readonly<Record<string, T>> | null | undefined, key: string): T | undefined {
  return map && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** map[key] = value, as an own data property even for "__proto__" (which would set the prototype). */
export function setOwn<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}

// JSON.parse already defines "__proto__" as an own key; copying onto a null-prototype object keeps it
// one (there is no inherited __proto__ setter to call).
const withoutPrototype = (_key: string, value: unknown): unknown =>
  value && typeof value === "object" && !Array.isArray(value) ? Object.assign(Object.create(null), value) : value;

/** JSON.parse whose objects, at every depth, have no prototype. Throws as JSON.parse does. */
export function parseJsonMap<T = unknown>(text: string): T {
  return JSON.parse(text, withoutPrototype) as T;
}
