// Shutdown hooks: bookkeeping batchers register a flush here so SIGTERM loses nothing.
import { disconnectDb } from "@/lib/server/db";

type Hook = () => Promise<void> | void;
const g = globalThis as unknown as { __gatewayShutdownHooks?: Hook[] };

export function onShutdown(hook: Hook): void {
  (g.__gatewayShutdownHooks ??= []).push(hook);
}

export async function runShutdownHooks(): Promise<void> {
  for (const hook of g.__gatewayShutdownHooks ?? []) {
    try {
      await hook();
    } catch {
      // keep flushing the others
    }
  }
  await disconnectDb();
}
