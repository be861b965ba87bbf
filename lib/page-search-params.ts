/** The first value of a page search param (Next passes repeated params as arrays). */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;
