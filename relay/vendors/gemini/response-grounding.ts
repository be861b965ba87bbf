import "server-only";

// Grounding with Google Search (a Gemini client's googleSearch / google_search tool) is billed by
// Google apart from the tokens (review N9), at ai.google.dev/pricing: Gemini 3 models $14 per 1,000
// search queries, earlier models $35 per 1,000 grounded prompts. A response says it was grounded in
// candidates[].groundingMetadata.webSearchQueries (in a stream: in the chunk that carries it). The
// free daily allowance of a Google account is not known here and not deducted.
import type { Usage } from "@/lib/server/ledger/pricing";
import type { Json } from "@/relay/kernel/format";

const PER_QUERY_USD_PER_K = 14;
const PER_PROMPT_USD_PER_K = 35;

/** Search queries a Gemini response or chunk reports (the most of any candidate). */
function queriesOf(json: Json): number {
  let n = 0;
  const candidates = Array.isArray(json.candidates) ? json.candidates : [];
  for (const c of candidates) {
    const q = (c as { groundingMetadata?: { webSearchQueries?: unknown } } | null)?.groundingMetadata?.webSearchQueries;
    if (Array.isArray(q)) n = Math.max(n, q.length);
  }
  return n;
}

/** Counts the searches of a response (or of a stream's chunks) and adds their price to its usage. */
export function groundingCounter() {
  let queries = 0;
  let model = "";
  return {
    note(json: Json): void {
      queries = Math.max(queries, queriesOf(json));
      if (typeof json.modelVersion === "string") model = json.modelVersion;
    },
    bill(usage: Usage | null): Usage | null {
      if (!usage || !queries) return usage;
      const perQuery = /gemini-3/i.test(model);
      return {
        ...usage,
        webSearch: perQuery
          ? { calls: queries, usdPerThousand: PER_QUERY_USD_PER_K }
          : { calls: 1, usdPerThousand: PER_PROMPT_USD_PER_K },
      };
    },
  };
}

/** The usage of a non-stream Gemini response, its grounding searches included. */
export function withGrounding(usage: Usage | null, json: Json): Usage | null {
  const g = groundingCounter();
  g.note(json);
  return g.bill(usage);
}
