import "server-only";

// Which of a client's `anthropic-beta` values reach Anthropic (and Bedrock). A beta can switch on
// something the vendor bills apart from the tokens we price (review N9), so only an allow-list of
// families passes, whatever their date suffix. Denied on purpose: context-1m (long-context premium
// rates), code-execution and skills (container hours), extended-cache-ttl (1-hour cache writes cost
// 2x input; we bill 1.25x). An admin who wants one for a model sets it in
// claude.model_headers_settings, which is sent as is.
const FREE_BETA_FAMILIES = new Set([
  "claude-code",
  "mid-conversation-system",
  "redact-thinking",
  "interleaved-thinking",
  "fine-grained-tool-streaming",
  "token-efficient-tools",
  "prompt-caching",
  "output-128k",
  "context-management",
  "computer-use",
  "tools",
  "pdfs",
  "token-counting",
  "message-batches",
  "files-api",
  "mcp-client",
  "web-fetch",
  "search-results",
  "structured-outputs",
  "effort",
  "advanced-tool-use",
  "tool-examples",
  "model-context-window-exceeded",
  "max-tokens-3-5-sonnet",
]);

/** "interleaved-thinking-2025-05-14" / "claude-code-20250219" -> the family, without its date. */
const family = (beta: string) => beta.replace(/-\d{4}-?\d{2}-?\d{2}$/, "");

/** The client's betas that may pass (each once, in order). */
export function allowedClientBetas(header: string | string[] | undefined): string[] {
  const s = Array.isArray(header) ? header.join(",") : (header ?? "");
  const out = new Set<string>();
  for (const raw of s.split(",")) {
    const b = raw.trim();
    if (b && FREE_BETA_FAMILIES.has(family(b))) out.add(b);
  }
  return [...out];
}
