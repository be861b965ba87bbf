import "server-only";

// A bounded memory of keys that matched nothing (the relay's negative token cache): at most
// `capacity` entries, each forgotten `ttlMs` after it was added, the oldest dropped first when
// full. A Map keeps insertion order, so both the expiry check and the eviction are O(1): an
// invalid-key spray costs constant memory and never evicts valid tokens (they live elsewhere).
export class NegativeCache {
  private readonly entries = new Map<string, number>();

  constructor(
    readonly capacity: number,
    readonly ttlMs: number,
  ) {}

  /** Whether `key` was added less than ttlMs ago (an expired entry is dropped). */
  has(key: string, now = Date.now()): boolean {
    const at = this.entries.get(key);
    if (at === undefined) return false;
    if (now - at < this.ttlMs) return true;
    this.entries.delete(key);
    return false;
  }

  add(key: string, now = Date.now()): void {
    this.entries.delete(key);
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, now);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
