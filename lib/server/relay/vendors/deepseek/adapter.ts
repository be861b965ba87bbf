import { createOpenAICompatibleAdapter } from "@/lib/server/relay/vendors/openai/compatible";

/** Channel type 43: DeepSeek (OpenAI-compatible; no organization header, no logit_bias). */
export const deepseekAdapter = createOpenAICompatibleAdapter({
  name: "DeepSeek",
  defaultBaseUrl: "https://api.deepseek.com",
  excludeParams: ["logit_bias", "service_tier"],
});
