// A loopback upstream that answers coding agents (Claude Code, Codex CLI, Gemini CLI) the way the
// real vendors do, in each channel dialect: Anthropic Messages (/v1/messages), OpenAI chat
// (/v1/chat/completions), OpenAI Responses (/v1/responses) and Gemini (:generateContent,
// :streamGenerateContent?alt=sse), streamed or not.
// One scripted tool round: when the request offers a shell tool and carries no tool result yet, the
// model asks to run `echo <TOOL_MARKER>`; once a result is back, it answers FINAL_TEXT plus whether the
// marker came back. Requests without a shell tool (titles, summaries) get a short plain answer.
// Usage is fixed per dialect (USAGE) so tests can check the consume logs exactly. Every request is
// recorded (path, headers, body).
import http from "node:http";
import { listenLoopback } from "../../test-support/upstream/loopback";

type Json = Record<string, unknown>;
export type AgentRequest = { path: string; headers: http.IncomingHttpHeaders; body: Json };
export type MockAgents = { url: string; requests: AgentRequest[]; close: () => Promise<void> };

export const TOOL_MARKER = "tool-marker-7f3a";
export const FINAL_TEXT = "FINAL-ANSWER-OK";
export const PLAIN_TEXT = "plain answer";
export const USAGE = {
  anthropic: { input_tokens: 30, output_tokens: 7 },
  openai: { prompt_tokens: 40, completion_tokens: 8, total_tokens: 48 },
  responses: { input_tokens: 50, output_tokens: 9, total_tokens: 59 },
  gemini: { promptTokenCount: 60, candidatesTokenCount: 10, totalTokenCount: 70 },
};
const SHELL_TOOLS = ["Bash", "shell", "shell_command", "exec_command", "run_shell_command", "local_shell"];

type Turn = { kind: "plain" } | { kind: "tool"; name: string } | { kind: "final"; ok: boolean };

/** The tool names a request offers, in any dialect. */
function toolNames(body: Json): string[] {
  const names: string[] = [];
  for (const t of (body.tools as Json[] | undefined) ?? []) {
    if (typeof t.name === "string") names.push(t.name);
    if (t.type === "local_shell") names.push("local_shell");
    const fn = t.function as Json | undefined;
    if (typeof fn?.name === "string") names.push(fn.name);
    for (const d of (t.functionDeclarations as Json[] | undefined) ?? [])
      if (typeof d.name === "string") names.push(d.name);
  }
  return names;
}

/** The text of every tool result in the request (empty when there is none). */
function toolResults(body: Json): string[] {
  const out: string[] = [];
  const walk = (v: unknown, inResult: boolean): void => {
    if (typeof v === "string") {
      if (inResult) out.push(v);
      return;
    }
    if (Array.isArray(v)) return v.forEach((x) => walk(x, inResult));
    if (!v || typeof v !== "object") return;
    const o = v as Json;
    const isResult =
      o.type === "tool_result" ||
      o.role === "tool" ||
      o.type === "function_call_output" ||
      o.type === "local_shell_call_output" ||
      "functionResponse" in o;
    for (const x of Object.values(o)) walk(x, inResult || isResult);
  };
  walk(body.messages ?? body.input ?? body.contents, false);
  return out;
}

function turnOf(body: Json): Turn {
  const results = toolResults(body);
  if (results.length) return { kind: "final", ok: results.some((r) => r.includes(TOOL_MARKER)) };
  const name = toolNames(body).find((n) => SHELL_TOOLS.includes(n));
  return name ? { kind: "tool", name } : { kind: "plain" };
}

const finalText = (ok: boolean) => `${FINAL_TEXT} ${ok ? "with" : "without"} the tool output`;
const command = `echo ${TOOL_MARKER}`;

function toolArgs(name: string): Json {
  if (name === "Bash") return { command, description: "print a marker" };
  if (name === "shell" || name === "local_shell") return { command: ["bash", "-lc", command] };
  if (name === "exec_command") return { cmd: command };
  return { command };
}

function sse(res: http.ServerResponse, frames: (string | Json)[], named = false): void {
  res.writeHead(200, { "content-type": "text/event-stream" });
  for (const f of frames) {
    if (typeof f === "string") res.write(`data: ${f}\n\n`);
    else if (named) res.write(`event: ${String(f.type)}\ndata: ${JSON.stringify(f)}\n\n`);
    else res.write(`data: ${JSON.stringify(f)}\n\n`);
  }
  res.end();
}

function json(res: http.ServerResponse, body: Json): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

function anthropic(res: http.ServerResponse, body: Json): void {
  const turn = turnOf(body);
  const block =
    turn.kind === "tool"
      ? { type: "tool_use", id: "toolu_agent1", name: turn.name, input: toolArgs(turn.name) }
      : { type: "text", text: turn.kind === "final" ? finalText(turn.ok) : PLAIN_TEXT };
  const stop = turn.kind === "tool" ? "tool_use" : "end_turn";
  const message = { id: "msg_agent", type: "message", role: "assistant", model: body.model, stop_sequence: null };
  if (!body.stream) return json(res, { ...message, content: [block], stop_reason: stop, usage: USAGE.anthropic });
  const start = block.type === "tool_use" ? { ...block, input: {} } : { type: "text", text: "" };
  const delta =
    block.type === "tool_use"
      ? { type: "input_json_delta", partial_json: JSON.stringify(block.input) }
      : { type: "text_delta", text: block.text };
  sse(
    res,
    [
      {
        type: "message_start",
        message: { ...message, content: [], stop_reason: null, usage: { ...USAGE.anthropic, output_tokens: 1 } },
      },
      { type: "content_block_start", index: 0, content_block: start },
      { type: "content_block_delta", index: 0, delta },
      { type: "content_block_stop", index: 0 },
      {
        type: "message_delta",
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: USAGE.anthropic.output_tokens },
      },
      { type: "message_stop" },
    ],
    true,
  );
}

function openaiChat(res: http.ServerResponse, body: Json): void {
  const turn = turnOf(body);
  const call =
    turn.kind === "tool"
      ? {
          id: "call_agent1",
          type: "function",
          function: { name: turn.name, arguments: JSON.stringify(toolArgs(turn.name)) },
        }
      : null;
  const text = turn.kind === "final" ? finalText(turn.ok) : turn.kind === "plain" ? PLAIN_TEXT : null;
  const finish = call ? "tool_calls" : "stop";
  const base = { id: "chatcmpl-agent", created: 1, model: body.model };
  if (!body.stream)
    return json(res, {
      ...base,
      object: "chat.completion",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: text, ...(call ? { tool_calls: [call] } : {}) },
          finish_reason: finish,
        },
      ],
      usage: USAGE.openai,
    });
  const chunk = (delta: Json, finish_reason: string | null = null) => ({
    ...base,
    object: "chat.completion.chunk",
    choices: [{ index: 0, delta, finish_reason }],
  });
  const frames: (string | Json)[] = [chunk({ role: "assistant", content: "" })];
  if (call) {
    const args = call.function.arguments;
    frames.push(
      chunk({
        tool_calls: [
          { index: 0, id: call.id, type: "function", function: { name: call.function.name, arguments: "" } },
        ],
      }),
    );
    frames.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, 5) } }] }));
    frames.push(chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(5) } }] }));
  } else frames.push(chunk({ content: text }));
  frames.push(chunk({}, finish));
  frames.push({ ...base, object: "chat.completion.chunk", choices: [], usage: USAGE.openai });
  frames.push("[DONE]");
  sse(res, frames);
}

function responses(res: http.ServerResponse, body: Json): void {
  const turn = turnOf(body);
  const item =
    turn.kind === "tool"
      ? {
          type: "function_call",
          id: "fc_agent1",
          call_id: "call_agent1",
          name: turn.name,
          arguments: JSON.stringify(toolArgs(turn.name)),
          status: "completed",
        }
      : {
          type: "message",
          id: "msg_agent1",
          role: "assistant",
          status: "completed",
          content: [
            { type: "output_text", text: turn.kind === "final" ? finalText(turn.ok) : PLAIN_TEXT, annotations: [] },
          ],
        };
  const response = {
    id: "resp_agent",
    object: "response",
    created_at: 1,
    model: body.model,
    status: "completed",
    output: [item],
    usage: USAGE.responses,
  };
  if (!body.stream) return json(res, response);
  const inProgress = { ...response, status: "in_progress", output: [], usage: null };
  const frames: Json[] = [
    { type: "response.created", sequence_number: 0, response: inProgress },
    {
      type: "response.output_item.added",
      sequence_number: 1,
      output_index: 0,
      item: { ...item, status: "in_progress" },
    },
  ];
  if (item.type === "function_call")
    frames.push({
      type: "response.function_call_arguments.delta",
      sequence_number: 2,
      output_index: 0,
      item_id: item.id,
      delta: item.arguments,
    });
  else
    frames.push({
      type: "response.output_text.delta",
      sequence_number: 2,
      output_index: 0,
      item_id: item.id,
      content_index: 0,
      delta: (item.content as Json[])[0]!.text,
    });
  frames.push({ type: "response.output_item.done", sequence_number: 3, output_index: 0, item });
  frames.push({ type: "response.completed", sequence_number: 4, response });
  sse(res, frames, true);
}

function gemini(res: http.ServerResponse, body: Json, stream: boolean): void {
  const turn = turnOf(body);
  const part =
    turn.kind === "tool"
      ? { functionCall: { name: turn.name, args: toolArgs(turn.name) } }
      : { text: turn.kind === "final" ? finalText(turn.ok) : PLAIN_TEXT };
  const answer = {
    candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }],
    usageMetadata: USAGE.gemini,
    modelVersion: "mock",
  };
  if (stream) sse(res, [answer]);
  else json(res, answer);
}

export async function startMockAgents(): Promise<MockAgents> {
  const requests: AgentRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: Json = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as Json;
      } catch {
        // recorded as {}
      }
      const path = (req.url ?? "").split("?")[0]!;
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      if (path.endsWith("/v1/messages")) return anthropic(res, body);
      if (path.endsWith("/chat/completions")) return openaiChat(res, body);
      if (path.endsWith("/responses")) return responses(res, body);
      const g = path.match(/:(generateContent|streamGenerateContent)$/);
      if (g) return gemini(res, body, g[1] === "streamGenerateContent");
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `mock: no route ${req.method} ${path}` } }));
    });
  });
  const { url, close } = await listenLoopback(server);
  return { url, requests, close };
}
