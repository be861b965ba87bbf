// Shared by the realtime relay tests (realtime.test.ts: OpenAI channels and the SDK; realtime-azure.test.ts:
// Azure channels and audio from the client): the prices they set, a plain `ws` client of the gateway's
// /v1/realtime, the events it waits for, and the logs and balance the billing checks read.
import WebSocket from "ws";
import type { Gateway } from "./gateway";

/** The ratios every realtime test prices its model with (ModelRatio, CompletionRatio, AudioRatio, AudioCompletionRatio). */
export const RATIOS = { model: 2, completion: 4, audio: 8, audioCompletion: 2 };

/** The quota of one response.done's usage at RATIOS (new-api's formula, written out once here for the tests). */
export function expectedQuota(u: { textIn: number; textOut: number; audioIn: number; audioOut: number }): number {
  const tokens =
    u.textIn +
    u.textOut * RATIOS.completion +
    u.audioIn * RATIOS.audio +
    u.audioOut * RATIOS.audio * RATIOS.audioCompletion;
  return tokens * RATIOS.model;
}

/** Lets channels on loopback and prices the models at RATIOS. */
export async function priceRealtimeModels(gw: Gateway, ...models: string[]): Promise<void> {
  const set = async (key: string, value: string) =>
    expect((await gw.api("PUT", "/api/option/", { key, value })).json.success).toBe(true);
  await set("ChannelPrivateAddressEnabled", "true");
  const each = (ratio: number) => JSON.stringify(Object.fromEntries(models.map((m) => [m, ratio])));
  await set("ModelRatio", each(RATIOS.model));
  await set("CompletionRatio", each(RATIOS.completion));
  await set("AudioRatio", each(RATIOS.audio));
  await set("AudioCompletionRatio", each(RATIOS.audioCompletion));
}

export type ConsumeLogRow = { quota: number; promptTokens: number; completionTokens: number; other: string };

/**
 * A client of the gateway's realtime endpoint for `model`, and the billing it reads back; `gateway`
 * is read at each call (the test files start theirs in beforeAll).
 */
export function realtimeClient(gateway: () => Gateway, model: string) {
  const wsUrl = () => `${gateway().url.replace(/^http/, "ws")}/v1/realtime?model=${model}`;
  return {
    wsUrl,
    open: (key: string, url = wsUrl()) => new WebSocket(url, { headers: { authorization: `Bearer ${key}` } }),
    /** The user's consume logs, once the gateway's bookkeeping is flushed. */
    logsOf: async (userId: number) => {
      const gw = gateway();
      await gw.settle();
      return gw.sql<ConsumeLogRow>(
        `SELECT quota, "promptTokens", "completionTokens", other FROM logs WHERE "userId" = ? AND type = 2 ORDER BY id`,
        userId,
      );
    },
    quotaOf: async (userId: number) =>
      Number((await gateway().sql<{ quota: number }>(`SELECT quota FROM users WHERE id = ?`, userId))[0]!.quota),
  };
}

export const opened = (ws: WebSocket) => new Promise<void>((r, j) => (ws.once("open", () => r()), ws.once("error", j)));
export const closed = (ws: WebSocket) => new Promise<number>((r) => ws.once("close", (code) => r(code)));

/** Resolves with the first event of `type` the client receives. */
export function nextEvent(ws: WebSocket, type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const on = (data: WebSocket.RawData, isBinary: boolean) => {
      if (isBinary) return;
      const e = JSON.parse(data.toString()) as Record<string, unknown>;
      if (e.type === type) {
        ws.off("message", on);
        resolve(e);
      }
    };
    ws.on("message", on);
  });
}

/** The answer of a refused upgrade: status and OpenAI error body. */
export function refused(ws: WebSocket): Promise<{ status: number; body: { error: { code: string | null } } }> {
  return new Promise((resolve) =>
    ws.once("unexpected-response", (_req, res) => {
      let text = "";
      res.on("data", (c: Buffer) => (text += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    }),
  );
}
