// Runs the Vercel AI SDK (ESM only, so outside Jest's CommonJS module system) against the gateway:
// node ai-sdk-client.mjs <generate|stream|tools> <baseURL> <apiKey> <model>; prints the result as JSON.
// "tools": streamText with a shell_command tool the SDK runs itself, then the final text (two steps).
import { generateText, jsonSchema, stepCountIs, streamText, tool } from "ai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";

const [mode, baseURL, apiKey, modelId] = process.argv.slice(2);
const provider = createOpenAICompatible({ name: "gateway", baseURL, apiKey, includeUsage: true });
const model = provider.chatModel(modelId);
const prompt = "Say something";

if (mode === "tools") {
  const calls = [];
  const shell_command = tool({
    description: "Runs a shell command",
    inputSchema: jsonSchema({ type: "object", properties: { command: { type: "string" } }, required: ["command"] }),
    execute: async ({ command }) => {
      calls.push(command);
      return String(command).replace(/^echo /, "");
    },
  });
  const r = streamText({
    model,
    prompt: "Run the marker command",
    tools: { shell_command },
    stopWhen: stepCountIs(3),
    maxRetries: 0,
  });
  let text = "";
  for await (const delta of r.textStream) text += delta;
  const steps = await r.steps;
  process.stdout.write(`${JSON.stringify({ text, calls, steps: steps.length, usage: await r.totalUsage })}\n`);
} else if (mode === "generate") {
  const r = await generateText({ model, prompt, maxRetries: 0 });
  process.stdout.write(`${JSON.stringify({ text: r.text, usage: r.usage, finishReason: r.finishReason })}\n`);
} else {
  const r = streamText({ model, prompt, maxRetries: 0 });
  const parts = [];
  for await (const delta of r.textStream) parts.push(delta);
  process.stdout.write(`${JSON.stringify({ text: parts.join(""), parts: parts.length, usage: await r.usage })}\n`);
}
