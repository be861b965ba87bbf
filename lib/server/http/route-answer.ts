import "server-only";

// The wire contract between a route and the console: what route() sends as `data` is the handler's
// result through JSON. Routes export `RouteAnswer<typeof GET>` and client fetchers import that type,
// so the console never keeps a hand-written copy that can drift from the server (issue 38 item 4).

/** Type-only mark on a wrapped handler carrying its result type; no such property exists at runtime. */
export declare const answerType: unique symbol;

/** What JSON.stringify makes of a value: dates become strings, functions and undefined fields drop out. */
export type Wire<T> = T extends Date
  ? string
  : T extends string | number | boolean | null
    ? T
    : T extends readonly (infer U)[]
      ? Wire<U>[]
      : T extends object
        ? { [K in keyof T as T[K] extends (...args: never[]) => unknown ? never : K]: Wire<T[K]> }
        : T;

/** Type-only mark on envelope()'s Response carrying its data's type. */
export declare const envelopeData: unique symbol;

/** A success envelope built by envelope() (a handler that sets cookies or a message): its data is typed. */
export type EnvelopeResponse<D> = Response & { readonly [envelopeData]: D };

/** One member of a handler's result as the console receives it: envelope data, or the result itself. */
type DataPart<T> = T extends { readonly [envelopeData]: infer D }
  ? Wire<D>
  : T extends Response
    ? never // a hand-made Response (redirect, file, extra fields): no typed data
    : Wire<T>;

/** The envelope's `data` for a handler result; undefined becomes null. */
type DataOf<T> = [T] extends [undefined | void] ? null : DataPart<Exclude<T, undefined | void>>;

/** The `data` a route method answers with: `export type GetTokensAnswer = RouteAnswer<typeof GET>`. */
export type RouteAnswer<H> = H extends { readonly [answerType]: infer T } ? DataOf<T> : never;
