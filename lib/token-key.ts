// How a token key is shown to its owner (token list, copy button, chat links).

/** Keys from the token API carry no "sk-" (as in new-api); what users see and copy does. */
export function withSkPrefix(key: string): string {
  return key.startsWith("sk-") ? key : `sk-${key}`;
}
