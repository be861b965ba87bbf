import "server-only";

// The OpenAI Responses API as a client format (Codex CLI) for channels of another dialect
// (Anthropic, Gemini): converted through the OpenAI chat pivot like every other pair. On OpenAI
// channels /v1/responses is forwarded natively (endpoints/responses.ts). Errors keep OpenAI's shape,
// which is also the Responses error shape.
import { errorBody } from "@/relay/kernel/errors";
import type { ClientFormat, Json } from "@/relay/kernel/format";
import { openaiFormat } from "@/relay/vendors/shared/openai-style/format";
import { checkResponsesConvertible } from "@/relay/vendors/shared/openai-responses/request-convertible";
import { responsesToOpenAIRequest } from "@/relay/vendors/shared/openai-responses/request";
import { openAIToResponses } from "@/relay/vendors/shared/openai-responses/response";
import { responsesStreamFromOpenAI } from "@/relay/vendors/shared/openai-responses/stream";

/** Names of a Responses request's custom (freeform) tools, e.g. Codex's apply_patch. */
export function customToolNames(body: Json): Set<string> {
  const names = new Set<string>();
  for (const t of Array.isArray(body.tools) ? (body.tools as unknown[]) : [])
    if (t && typeof t === "object" && (t as Json).type === "custom" && typeof (t as Json).name === "string")
      names.add((t as Json).name as string);
  return names;
}

/** The Responses client format for one request: calls of its custom tools are answered as
 *  custom_tool_call items (Codex's shape), the others as function_call items. */
export function responsesFormatFor(body: Json): ClientFormat {
  const custom = customToolNames(body);
  return {
    name: "responses",
    // The endpoint reads and validates the body itself (endpoints/responses.ts).
    inspect: () => {
      throw new Error("relay: responses requests are read by their endpoint");
    },
    checkConvertible: (body) => checkResponsesConvertible(body),
    toOpenAIRequest: responsesToOpenAIRequest,
    fromOpenAIResponse: (json, o) => openAIToResponses(json, o.requestId, o.clientModel, custom),
    streamFromOpenAI: (o) => responsesStreamFromOpenAI({ ...o, custom }),
    capOutput: (b, _mode, cap) => openaiFormat.capOutput(b, "responses", cap),
    errorBody: (err, requestId) => errorBody(err, requestId),
  };
}

/** A request without custom tools. */
export const responsesClientFormat: ClientFormat = responsesFormatFor({});
