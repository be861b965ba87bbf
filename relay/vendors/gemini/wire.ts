import "server-only";

// Gemini generateContent / streamGenerateContent / embedContent / batchEmbedContents at the relay
// boundary: the fields the Gemini -> OpenAI conversion reads, typed and bounded.
import { z } from "zod";
import { LIMITS } from "@/relay/kernel/wire-guard";

const str = z.string().nullish();
const obj = <T extends z.core.$ZodLooseShape>(shape: T) => z.looseObject(shape);

const part = obj({
  text: str,
  thought: z.boolean().nullish(),
  inlineData: obj({ mimeType: str, data: str }).nullish(),
  fileData: obj({ mimeType: str, fileUri: str }).nullish(),
  functionCall: obj({ id: str, name: str, args: z.unknown().optional() }).nullish(),
  functionResponse: obj({ id: str, name: str, response: z.unknown().optional() }).nullish(),
});
const parts = z.array(part).max(LIMITS.parts);
const content = obj({ role: str, parts });
/** systemInstruction and embedContent content: text, a parts list, or a Content. */
const looseContent = z.union([z.string(), parts, obj({ role: str, parts: parts.nullish() })]);

export const geminiChatSchema = obj({
  contents: z.array(content).max(LIMITS.messages),
  systemInstruction: looseContent.nullish(),
  tools: z
    .array(
      obj({
        functionDeclarations: z
          .array(
            obj({
              name: z.string(),
              description: str,
              parameters: z.unknown().optional(),
              parametersJsonSchema: z.unknown().optional(),
            }),
          )
          .max(LIMITS.tools)
          .nullish(),
      }),
    )
    .max(LIMITS.tools)
    .nullish(),
  toolConfig: obj({
    functionCallingConfig: obj({
      mode: str,
      allowedFunctionNames: z.array(z.string()).max(LIMITS.tools).nullish(),
    }).nullish(),
  }).nullish(),
  generationConfig: obj({
    maxOutputTokens: z.number().int().min(0).nullish(),
    temperature: z.number().nullish(),
    topP: z.number().nullish(),
    stopSequences: z.array(z.string()).max(LIMITS.stops).nullish(),
    candidateCount: z.number().int().min(0).max(128).nullish(),
    seed: z.number().nullish(),
    presencePenalty: z.number().nullish(),
    frequencyPenalty: z.number().nullish(),
    responseMimeType: str,
  }).nullish(),
});

const embedRequest = obj({ content: looseContent, outputDimensionality: z.number().int().min(1).nullish() });

export const geminiEmbedSchema = embedRequest;
export const geminiBatchEmbedSchema = obj({ requests: z.array(embedRequest).max(LIMITS.inputs) });
