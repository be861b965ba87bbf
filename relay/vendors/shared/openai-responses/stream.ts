import "server-only";

// OpenAI chat chunks (the pivot) -> the Responses event sequence, for Responses clients (Codex CLI)
// on channels of another dialect: response.created / in_progress, then per output item
// output_item.added, its part and deltas (reasoning summary text, output text, function-call
// arguments), the matching .done events, and response.completed (or .incomplete) with the usage.
// Text and reasoning items close when the next item opens; tool calls (parallel ones interleave by
// index) stay open until the stream ends. Memory is the generated text, once.
import type { Usage } from "@/lib/server/ledger/pricing";
import type { Json, StreamFromOpenAI } from "@/relay/kernel/format";
import { eventFrame } from "@/relay/kernel/frames";
import {
  callItem,
  customCallItem,
  customInput,
  messageItem,
  reasoningItem,
  responseObject,
  statusOf,
  usageToResponses,
} from "@/relay/vendors/shared/openai-responses/response";

type Open = { kind: "message" | "reasoning"; index: number; id: string; text: string };
type Call = { index: number; id: string; callId: string; name: string; args: string };
type Delta = {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
};

/** `custom`: names of the request's custom (freeform) tools; their calls become custom_tool_call
 *  items whose input is sent whole at the end (the pivot streams it as JSON-escaped arguments). */
export function responsesStreamFromOpenAI(o: {
  requestId: string;
  clientModel: string;
  custom?: ReadonlySet<string>;
}): StreamFromOpenAI {
  const custom = o.custom ?? new Set<string>();
  const respId = `resp_${o.requestId}`;
  let seq = 0;
  let started = false;
  let finish: string | null = null;
  let current: Open | null = null;
  const output: Json[] = [];
  const calls = new Map<number, Call>();
  const frames: string[] = [];
  const emit = (type: string, payload: Json) =>
    frames.push(eventFrame(type, { type, sequence_number: seq++, ...payload }));

  function start(): void {
    if (started) return;
    started = true;
    const response = responseObject(respId, o.clientModel, "in_progress", [], null);
    emit("response.created", { response });
    emit("response.in_progress", { response });
  }

  function closeCurrent(): void {
    const c = current;
    if (!c) return;
    current = null;
    const ref = { item_id: c.id, output_index: c.index };
    if (c.kind === "message") {
      const part = { type: "output_text", text: c.text, annotations: [] };
      emit("response.output_text.done", { ...ref, content_index: 0, text: c.text, logprobs: [] });
      emit("response.content_part.done", { ...ref, content_index: 0, part });
      output[c.index] = messageItem(c.id, c.text);
    } else {
      emit("response.reasoning_summary_text.done", { ...ref, summary_index: 0, text: c.text });
      emit("response.reasoning_summary_part.done", {
        ...ref,
        summary_index: 0,
        part: { type: "summary_text", text: c.text },
      });
      output[c.index] = reasoningItem(c.id, c.text);
    }
    emit("response.output_item.done", { output_index: c.index, item: output[c.index]! });
  }

  function openText(kind: Open["kind"]): Open {
    if (current?.kind === kind) return current;
    closeCurrent();
    const index = output.length;
    const id = `${kind === "message" ? "msg" : "rs"}_${o.requestId}_${index}`;
    current = { kind, index, id, text: "" };
    output.push({});
    const ref = { item_id: id, output_index: index };
    if (kind === "message") {
      emit("response.output_item.added", {
        output_index: index,
        item: { ...messageItem(id, "", "in_progress"), content: [] },
      });
      emit("response.content_part.added", {
        ...ref,
        content_index: 0,
        part: { type: "output_text", text: "", annotations: [] },
      });
    } else {
      emit("response.output_item.added", { output_index: index, item: reasoningItem(id, "") });
      emit("response.reasoning_summary_part.added", {
        ...ref,
        summary_index: 0,
        part: { type: "summary_text", text: "" },
      });
    }
    return current;
  }

  function text(kind: Open["kind"], delta: string): void {
    const c = openText(kind);
    c.text += delta;
    const ref = { item_id: c.id, output_index: c.index };
    if (kind === "message") emit("response.output_text.delta", { ...ref, content_index: 0, delta, logprobs: [] });
    else emit("response.reasoning_summary_text.delta", { ...ref, summary_index: 0, delta });
  }

  function callDelta(tc: NonNullable<Delta["tool_calls"]>[number], pos: number): void {
    const key = tc.index ?? pos;
    let call = calls.get(key);
    if (!call) {
      closeCurrent();
      const index = output.length;
      call = {
        index,
        id: `fc_${o.requestId}_${index}`,
        callId: tc.id || `call_${o.requestId}_${index}`,
        name: tc.function?.name ?? "",
        args: "",
      };
      calls.set(key, call);
      output.push({});
      const item = custom.has(call.name)
        ? customCallItem(call.id, call.callId, call.name, "", "in_progress")
        : callItem(call.id, call.callId, call.name, "", "in_progress");
      emit("response.output_item.added", { output_index: index, item });
    }
    const delta = tc.function?.arguments ?? "";
    if (!delta) return;
    call.args += delta;
    if (!custom.has(call.name))
      emit("response.function_call_arguments.delta", { item_id: call.id, output_index: call.index, delta });
  }

  function drain(): string[] {
    return frames.splice(0, frames.length);
  }

  return {
    push(chunk) {
      start();
      for (const c of (chunk.choices as { delta?: Delta; finish_reason?: string | null }[] | undefined) ?? []) {
        const d = c.delta ?? {};
        const reasoning = d.reasoning_content ?? d.reasoning;
        if (reasoning) text("reasoning", reasoning);
        if (d.content) text("message", d.content);
        (d.tool_calls ?? []).forEach((tc, i) => callDelta(tc, i));
        if (c.finish_reason) finish = c.finish_reason;
      }
      return drain();
    },
    end(usage: Usage) {
      start();
      closeCurrent();
      for (const call of calls.values()) {
        const args = call.args || "{}";
        const ref = { item_id: call.id, output_index: call.index };
        if (custom.has(call.name)) {
          const input = customInput(args);
          emit("response.custom_tool_call_input.delta", { ...ref, delta: input });
          emit("response.custom_tool_call_input.done", { ...ref, input });
          output[call.index] = customCallItem(call.id, call.callId, call.name, input);
        } else {
          emit("response.function_call_arguments.done", { ...ref, name: call.name, arguments: args });
          output[call.index] = callItem(call.id, call.callId, call.name, args);
        }
        emit("response.output_item.done", { output_index: call.index, item: output[call.index]! });
      }
      const { status, reason } = statusOf(finish);
      const response = responseObject(respId, o.clientModel, status, output, usageToResponses(usage), reason);
      emit(status === "incomplete" ? "response.incomplete" : "response.completed", { response });
      return drain();
    },
  };
}
