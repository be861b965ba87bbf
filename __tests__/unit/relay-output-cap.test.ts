// The capped output limit goes into the field each dialect (and endpoint) reads: the dialect owns it
// (vendors/<vendor>/format.ts capOutput), settle/output-cap.ts only asks.
import { capOutputTokens } from "@/lib/server/relay/settle/output-cap";

test("each dialect and endpoint gets its own output-limit field", () => {
  const cases: [
    Record<string, unknown>,
    Parameters<typeof capOutputTokens>[1],
    Parameters<typeof capOutputTokens>[2],
  ][] = [
    [{ model: "gpt-4o" }, "openai", "chat"],
    [{ model: "o3-mini" }, "openai", "chat"],
    [{ model: "gpt-4o", max_completion_tokens: 900, max_tokens: 900 }, "openai", "chat"],
    [{ model: "gpt-4o" }, "openai", "completions"],
    [{ model: "gpt-4o" }, "openai", "responses"],
    [{ model: "claude" }, "claude", "chat"],
    [{ generationConfig: { temperature: 0.2 } }, "gemini", "chat"],
  ];
  for (const [body, format, mode] of cases) capOutputTokens(body, format, mode, 64);
  expect(cases.map(([body]) => body)).toEqual([
    { model: "gpt-4o", max_tokens: 64 },
    { model: "o3-mini", max_completion_tokens: 64 },
    { model: "gpt-4o", max_completion_tokens: 64, max_tokens: 64 },
    { model: "gpt-4o", max_tokens: 64 },
    { model: "gpt-4o", max_output_tokens: 64 },
    { model: "claude", max_tokens: 64 },
    { generationConfig: { temperature: 0.2, maxOutputTokens: 64 } },
  ]);
});
