import "server-only";

// Process-wide singletons. The custom server (tsx) and Next's bundles load separate copies of our
// modules in one process; state kept here is shared by both, so a write handled by an /api route
// invalidates the caches the relay reads.
const registry = ((globalThis as unknown as { __gatewaySingletons?: Map<string, unknown> }).__gatewaySingletons ??=
  new Map());

export function singleton<T>(key: string, create: () => T): T {
  if (!registry.has(key)) registry.set(key, create());
  return registry.get(key) as T;
}

export function dropSingleton(key: string): void {
  registry.delete(key);
}
