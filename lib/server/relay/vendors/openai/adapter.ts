import { createOpenAICompatibleAdapter } from "@/lib/server/relay/vendors/openai/compatible";

/** Channel type 1: OpenAI. */
export const openaiAdapter = createOpenAICompatibleAdapter({
  name: "OpenAI",
  defaultBaseUrl: "https://api.openai.com",
});
