import "server-only";

// A DTO names each column twice: once to select it and once to copy it out under its snake_case
// name. These take one list for both, so a column cannot be selected and forgotten (or copied and
// not selected); columns that need a conversion are still written out by hand beside the list.

/** "usedQuota" → "used_quota", as a type. */
export type SnakeCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<Rest>}`
  : S;

/** A Prisma select of exactly these columns. */
export function selectOf<const K extends string>(fields: readonly K[]): { readonly [P in K]: true } {
  return Object.fromEntries(fields.map((f) => [f, true])) as { [P in K]: true };
}

/** The named columns of a row, copied as they are under their snake_case names. */
export function snakeFields<T, const K extends keyof T & string>(
  row: T,
  fields: readonly K[],
): { [P in K as SnakeCase<P>]: T[P] } {
  return Object.fromEntries(fields.map((f) => [f.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), row[f]])) as {
    [P in K as SnakeCase<P>]: T[P];
  };
}
