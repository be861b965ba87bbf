import "server-only";

// Cross-instance events (cache invalidation: a disabled token, channel or changed option). Without
// Redis the handlers run in this process, and with WORKERS > 1 the primary relays the event to every
// other process at once (lib/server/workers/ipc.ts, primary-ops.ts). With Redis an event is applied here at once and
// published; the other instances apply it when it arrives (milliseconds). Events from this very
// instance are not applied twice. If the subscription drops, every local cache is dropped on
// reconnect (events may have been missed meanwhile), and SYNC_FREQUENCY expiry stays a backstop.
import { KEY_PREFIX, instanceId, redis, redisSubscriber } from "@/lib/server/redis/client";
import { logger } from "@/lib/server/logger";
import { singleton } from "@/lib/server/singleton";
import { post, setEventSink, workerIpc } from "@/lib/server/workers/ipc";

const CHANNEL = `${KEY_PREFIX}events`;

type Handler = (payload: unknown) => void;
type State = {
  handlers: Map<string, Handler[]>;
  resyncHandlers: (() => void)[];
  subscribed: boolean;
};
const state = singleton<State>("redis.bus", () => ({ handlers: new Map(), resyncHandlers: [], subscribed: false }));

/** The primary of worker processes without Redis: sends this process's events to its workers. */
let fanout: ((topic: string, payload: unknown) => void) | null = null;

export function setEventFanout(send: (topic: string, payload: unknown) => void): void {
  fanout = send;
}

/** Runs the handlers of an event here (also the primary's, for an event a worker emitted). */
export function dispatchEvent(topic: string, payload: unknown): void {
  for (const h of state.handlers.get(topic) ?? []) {
    try {
      h(payload);
    } catch (err) {
      logger().error({ err, topic }, "event handler failed");
    }
  }
}

function ensureSubscribed(): void {
  if (state.subscribed) return;
  if (workerIpc()) {
    state.subscribed = true;
    setEventSink(dispatchEvent);
    return;
  }
  const sub = redisSubscriber();
  if (!sub) return;
  state.subscribed = true;
  let connectedOnce = false;
  sub.on("ready", () => {
    // After a reconnect events may have been lost: drop what they could have invalidated.
    if (connectedOnce) for (const h of state.resyncHandlers) h();
    connectedOnce = true;
  });
  sub.on("message", (_channel: string, raw: string) => {
    try {
      const msg = JSON.parse(raw) as { from: string; topic: string; payload: unknown };
      if (msg.from !== instanceId()) dispatchEvent(msg.topic, msg.payload);
    } catch {
      // not ours
    }
  });
  void sub.subscribe(CHANNEL).catch((err) => logger().error({ err }, "redis subscribe failed"));
}

/** Registers a handler for a topic (runs for events from this and every other instance). */
export function onEvent(topic: string, handler: Handler, resync?: () => void): void {
  const list = state.handlers.get(topic) ?? [];
  list.push(handler);
  state.handlers.set(topic, list);
  if (resync) state.resyncHandlers.push(resync);
  ensureSubscribed();
}

/** Applies the event here, then tells the other instances (best effort: expiry is the backstop). */
export function emitEvent(topic: string, payload: unknown): void {
  dispatchEvent(topic, payload);
  if (workerIpc()) return post("event", { topic, payload });
  fanout?.(topic, payload);
  const client = redis();
  if (!client) return;
  // The command connection has a key prefix; PUBLISH channel names are not keys, so no prefix added.
  client
    .publish(CHANNEL, JSON.stringify({ from: instanceId(), topic, payload }))
    .catch((err: unknown) => logger().warn({ err, topic }, "event publish failed"));
}
