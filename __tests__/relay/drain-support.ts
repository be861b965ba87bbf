// Shared by the graceful-shutdown tests (relay project, and the Redis-backed variant in
// __tests__/redis): a priced slow model on a loopback upstream, a raw SSE request, and a reader that
// reports how the stream ended.
import type { Gateway } from "./gateway";
import type { MockUpstream } from "../../test-support/upstream/mock-upstream";

export const PRICE_QUOTA = 1000; // ModelPrice 0.002 USD x 500000 quota per USD, group ratio 1
export const SLOW_MODEL = "slow-100ms-drain"; // 50 chunks, 100 ms apart: a 5 s stream
export const STALL_MODEL = "stall-drain"; // 2 chunks, then 5 s of silence

/** Opens a SLOW_MODEL stream and reads it up to "word1 ": a request in flight, for a signal to drain. */
export async function slowStreamInFlight(gw: Gateway, key: string) {
  const res = await openStream(gw, key, SLOW_MODEL);
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const first = await readUntil(reader, "word1 ");
  expect(first.ended).toBe("found");
  return { reader, first };
}

/** Prices both models, adds a channel for them and answers a token with quota for 5 calls. */
export async function prepareDrain(gw: Gateway, up: MockUpstream) {
  await gw.api("PUT", "/api/option/", {
    key: "ModelPrice",
    value: JSON.stringify({ [SLOW_MODEL]: 0.002, [STALL_MODEL]: 0.002 }),
  });
  await gw.createChannel({ name: "drain", key: "sk-up", base_url: up.url, models: `${SLOW_MODEL},${STALL_MODEL}` });
  return gw.createToken({ unlimited_quota: false, remain_quota: PRICE_QUOTA * 5 });
}

export function openStream(gw: Gateway, key: string, model: string) {
  return fetch(`${gw.url}/v1/chat/completions`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ model, stream: true, messages: [{ role: "user", content: "hi" }] }),
  });
}

/** Reads until `until` appears (or the stream ends / fails); answers what was read and how it ended. */
export async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: string | null, text = "") {
  const decoder = new TextDecoder();
  try {
    while (until === null || !text.includes(until)) {
      const { value, done } = await reader.read();
      if (done) return { text, ended: "done" as const };
      text += decoder.decode(value, { stream: true });
    }
    return { text, ended: "found" as const };
  } catch {
    return { text, ended: "error" as const };
  }
}

/** Polls /readyz until it answers 503 (connection errors while idle sockets close count as "not yet"). */
export async function waitForDraining(gw: Gateway): Promise<Response> {
  let ready: Response | null = null;
  await gw.waitFor(async () => {
    try {
      ready = await fetch(`${gw.url}/readyz`);
      return ready.status === 503;
    } catch {
      // The drain closes idle keep-alive sockets; a request racing onto one fails (clients and load
      // balancers retry such idempotent requests). The next poll opens a new connection.
      return false;
    }
  }, 3_000);
  return ready!;
}
