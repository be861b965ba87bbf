import "server-only";

// Cross-instance events (cache invalidation: a disabled token, channel or changed option). Without
// Redis the handlers run in this process, and with WORKERS > 1 the primary relays the event to every
// other process (server/workers/ipc.ts, primary-ops.ts), each of which answers once it has applied
// it: the /api request that emitted it is answered only after that (route.ts awaits
// eventsDelivered), so the next request sees the write on whichever process it lands. A process that
// does not answer within EVENT_DELIVERY_MS (stuck: the primary's hang watch kills it) is not waited
// for longer. With Redis an event is applied here at once and published; the other instances apply it
// when it arrives (milliseconds). Events from this very instance are not applied twice. If the
// subscription drops, every local cache is dropped on reconnect (events may have been missed
// meanwhile), and SYNC_FREQUENCY expiry stays a backstop.
import { KEY_PREFIX, instanceId, redis, redisSubscriber } from "@/lib/server/redis/client";
import { currentRequestId, logger } from "@/lib/server/logger";
import { singleton } from "@/lib/server/singleton";
import { answerCalls, request, workerIpc } from "@/server/workers/ipc";

/** The longest a write's answer waits for the other processes to apply its events. */
export const EVENT_DELIVERY_MS = 2000;

const CHANNEL = `${KEY_PREFIX}events`;

type Handler = (payload: unknown) => void;
type State = {
  handlers: Map<string, Handler[]>;
  resyncHandlers: (() => void)[];
  subscribed: boolean;
  /** Deliveries to the other processes not yet acknowledged, by the id of the request that emitted them. */
  undelivered: Map<string, Set<Promise<void>>>;
};
const state = singleton<State>("redis.bus", () => ({
  handlers: new Map(),
  resyncHandlers: [],
  subscribed: false,
  undelivered: new Map(),
}));

type Fanout = (topic: string, payload: unknown) => Promise<void>;
/**
 * The primary of worker processes without Redis: sends this process's events to its workers and
 * resolves once they have applied them.
 */
let fanout: Fanout | null = null;

export function setEventFanout(send: Fanout): void {
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
    // The primary's call: applied (synchronously) before the reply says so.
    answerCalls("event", (p) => {
      const { topic, payload } = p as { topic: string; payload: unknown };
      dispatchEvent(topic, payload);
      return null;
    });
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

/** A worker's event: the primary applies it and has every other worker apply it, then answers. */
function deliverThroughPrimary(topic: string, payload: unknown): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  // The primary waits EVENT_DELIVERY_MS at most for the others; beyond a little more, it is stuck.
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, EVENT_DELIVERY_MS + 500)));
  const delivered = request("event", { topic, payload }).then(
    () => undefined,
    () => undefined, // the primary is gone: this worker shuts down (worker.ts)
  );
  return Promise.race([delivered, deadline]).finally(() => clearTimeout(timer));
}

/** The request emitting an event is answered after its delivery (route.ts: eventsDelivered). */
function awaitBeforeAnswer(delivery: Promise<void>): void {
  const requestId = currentRequestId();
  if (!requestId) return; // a background job: nobody waits for its answer
  let pending = state.undelivered.get(requestId);
  if (!pending) state.undelivered.set(requestId, (pending = new Set()));
  pending.add(delivery);
  const list = pending;
  void delivery.finally(() => {
    list.delete(delivery);
    if (!list.size && state.undelivered.get(requestId) === list) state.undelivered.delete(requestId);
  });
}

/**
 * Resolves once every process of this instance has applied the events request `requestId` emitted
 * (each bounded by EVENT_DELIVERY_MS); null when there is nothing to wait for.
 */
export function eventsDelivered(requestId: string): Promise<void> | null {
  const pending = state.undelivered.get(requestId);
  if (!pending?.size) return null;
  return Promise.all(pending).then(() => undefined);
}

/**
 * Applies the event here, then tells the other processes of this instance (the /api request that
 * emitted it waits for them) and the other instances (best effort: expiry is the backstop).
 */
export function emitEvent(topic: string, payload: unknown): void {
  dispatchEvent(topic, payload);
  if (workerIpc()) return awaitBeforeAnswer(deliverThroughPrimary(topic, payload));
  if (fanout) awaitBeforeAnswer(fanout(topic, payload));
  const client = redis();
  if (!client) return;
  // The command connection has a key prefix; PUBLISH channel names are not keys, so no prefix added.
  client
    .publish(CHANNEL, JSON.stringify({ from: instanceId(), topic, payload }))
    .catch((err: unknown) => logger().warn({ err, topic }, "event publish failed"));
}
