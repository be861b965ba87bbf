// Runs the Vercel AI SDK (ESM only, so outside Jest's CommonJS module system) against the gateway:
// node ai-sdk-client.mjs <generate|stream> <baseURL> <apiKey> <model>; prints the result as JSON.
import { generateText, streamText } from "ai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";

const [mode, baseURL, apiKey, modelId] = process.argv.slice(2);
const provider = createOpenAICompatible({ name: "gateway", baseURL, apiKey, includeUsage: true });
const model = provider.chatModel(modelId);
const prompt = "Say something";

if (mode === "generate") {
  const r = await generateText({ model, prompt, maxRetries: 0 });
  process.stdout.write(`${JSON.stringify({ text: r.text, usage: r.usage, finishReason: r.finishReason })}\n`);
} else {
  const r = streamText({ model, prompt, maxRetries: 0 });
  const parts = [];
  for await (const delta of r.textStream) parts.push(delta);
  process.stdout.write(`${JSON.stringify({ text: parts.join(""), parts: parts.length, usage: await r.usage })}\n`);
}
