import "server-only";

// The OpenAI Responses API as a client format (Codex CLI) for channels of another dialect
// (Anthropic, Gemini): converted through the OpenAI chat pivot like every other pair. On OpenAI
// channels /v1/responses is forwarded natively (endpoints/responses.ts). Errors keep OpenAI's shape,
// which is also the Responses error shape.
import { errorBody } from "@/lib/server/relay/errors";
import type { ClientFormat } from "@/lib/server/relay/vendors/format-types";
import { openaiFormat } from "@/lib/server/relay/vendors/openai/format";
import { responsesToOpenAIRequest } from "@/lib/server/relay/vendors/openai/responses-request";
import { openAIToResponses } from "@/lib/server/relay/vendors/openai/responses-response";
import { responsesStreamFromOpenAI } from "@/lib/server/relay/vendors/openai/responses-stream";

export const responsesClientFormat: ClientFormat = {
  name: "responses",
  // The endpoint reads and validates the body itself (endpoints/responses.ts).
  inspect: () => {
    throw new Error("relay: responses requests are read by their endpoint");
  },
  toOpenAIRequest: responsesToOpenAIRequest,
  fromOpenAIResponse: (json, o) => openAIToResponses(json, o.requestId, o.clientModel),
  streamFromOpenAI: (o) => responsesStreamFromOpenAI(o),
  capOutput: (body, _mode, cap) => openaiFormat.capOutput(body, "responses", cap),
  errorBody: (err, requestId) => errorBody(err, requestId),
};
