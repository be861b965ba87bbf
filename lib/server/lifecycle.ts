// Shutdown hooks: bookkeeping batchers register a flush here so SIGTERM loses nothing.
// Hooks run one after another in registration order, except those registered as "connections"
// (the Redis client's quit), which run after every other hook: a flush, a retry or a lease release
// registered later than the first Redis call still gets a working connection. The database closes last.
import { disconnectDb } from "@/lib/server/db";

type Hook = () => Promise<void> | void;
type Phase = "work" | "connections";
const g = globalThis as unknown as { __gatewayShutdownHooks?: Hook[]; __gatewayShutdownCloseHooks?: Hook[] };

export function onShutdown(hook: Hook, phase: Phase = "work"): void {
  if (phase === "connections") (g.__gatewayShutdownCloseHooks ??= []).push(hook);
  else (g.__gatewayShutdownHooks ??= []).push(hook);
}

export async function runShutdownHooks(): Promise<void> {
  for (const hook of [...(g.__gatewayShutdownHooks ?? []), ...(g.__gatewayShutdownCloseHooks ?? [])]) {
    try {
      await hook();
    } catch {
      // keep flushing the others
    }
  }
  await disconnectDb();
}
