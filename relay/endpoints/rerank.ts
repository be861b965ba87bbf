import "server-only";

// POST /v1/rerank (Jina / Cohere style {model, query, documents, top_n}): forwarded to OpenAI-format
// channels, answered as received. Billed from usage.prompt_tokens / usage.total_tokens when the
// upstream reports them (Jina), else from the tokens of the query and documents counted locally.
import type { Usage } from "@/lib/server/ledger/pricing";
import type { AttemptInput, RelayEndpoint } from "@/relay/kernel/endpoint";
import {
  answerAsReceived,
  badBody,
  countedUsage,
  jsonRequest,
  open,
  parseJson,
  promptFacts,
  readAnswer,
} from "@/relay/endpoints/shared";
import { invalidRequest } from "@/relay/kernel/error-codes";
import type { Json } from "@/relay/kernel/format";
import type { Outcome } from "@/relay/kernel/outcome";
import { readJsonBody } from "@/relay/kernel/read-request";
import { checkWire } from "@/relay/kernel/wire-guard";
import { rerankSchema } from "@/relay/vendors/shared/openai-style/wire";
import { exactTextTokens } from "@/relay/kernel/tokenize";

/** query + documents (strings, or objects with a text field). */
function rerankText(body: Json): string {
  const docs = Array.isArray(body.documents) ? body.documents : [];
  const texts = docs.map((d) =>
    typeof d === "string"
      ? d
      : d && typeof d === "object" && typeof (d as Json).text === "string"
        ? (d as Json).text
        : "",
  );
  return [typeof body.query === "string" ? body.query : "", ...texts].join("\n");
}

function rerankUsage(json: Json): Usage | null {
  const u = json.usage as { prompt_tokens?: number; total_tokens?: number } | undefined;
  const n = u?.prompt_tokens || u?.total_tokens || 0;
  return n > 0 ? { promptTokens: n, completionTokens: 0, cachedTokens: 0 } : null;
}

async function attemptRerank(a: AttemptInput): Promise<Outcome> {
  const { up } = await open(a, jsonRequest(a));
  const answer = await readAnswer(up, a);
  const firstResponseMs = Date.now() - a.ctx.startedAt;
  const json = parseJson(answer.text);
  if (!json) throw badBody();
  return answerAsReceived(a, answer, firstResponseMs, rerankUsage(json), async () =>
    countedUsage(await exactTextTokens(rerankText(a.ctx.body))),
  );
}

export const rerankEndpoint: RelayEndpoint = {
  format: "openai",
  mode: "rerank",
  async read(req) {
    const body = await readJsonBody(req);
    if (typeof body.query !== "string" || !body.query) throw invalidRequest("'query' is required", "invalid_query");
    if (!Array.isArray(body.documents) || !body.documents.length)
      throw invalidRequest("'documents' must be a non-empty array", "invalid_documents");
    checkWire(rerankSchema, body);
    return {
      body,
      facts: promptFacts(body.model, rerankText(body)),
    };
  },
  attempt: attemptRerank,
};
