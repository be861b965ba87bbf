// The relay's negative token cache (issue 17 item 9): bounded in size, oldest first out, short TTL.
import { NegativeCache } from "@/lib/server/cache/negative-cache";

test("entries expire after the TTL", () => {
  const c = new NegativeCache(10, 1000);
  c.add("a", 0);
  expect(c.has("a", 999)).toBe(true);
  expect(c.has("a", 1000)).toBe(false);
  expect(c.size).toBe(0);
});

test("a spray never grows it past its capacity; the oldest entries go first", () => {
  const c = new NegativeCache(3, 60_000);
  for (let i = 0; i < 1000; i++) c.add(`k${i}`, i);
  expect(c.size).toBe(3);
  expect(c.has("k996", 1000)).toBe(false);
  expect(["k997", "k998", "k999"].every((k) => c.has(k, 1000))).toBe(true);
  // Adding an entry again renews it (it becomes the newest).
  c.add("k997", 1001);
  c.add("x", 1002);
  expect(c.has("k997", 1003)).toBe(true);
  expect(c.has("k998", 1003)).toBe(false);
  c.clear();
  expect(c.size).toBe(0);
});
