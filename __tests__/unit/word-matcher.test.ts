import { WordMatcher } from "@/relay/auth/word-matcher";

/** Small seeded PRNG (mulberry32) so a failing case can be replayed. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The reference: the word whose first occurrence ends earliest (ties: any of them). */
function naive(text: string, words: string[]): number {
  const lower = text.toLowerCase();
  let best = Infinity;
  for (const w of words) {
    const at = lower.indexOf(w);
    if (at >= 0) best = Math.min(best, at + w.length);
  }
  return best;
}

function endOf(text: string, word: string | null): number {
  if (word === null) return Infinity;
  const lower = text.toLowerCase();
  let best = Infinity;
  for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1)) best = Math.min(best, at + word.length);
  return best;
}

test("classic overlapping patterns use the failure links", () => {
  const m = new WordMatcher(["he", "she", "his", "hers"]);
  expect(m.find("ushers")).toBe("she");
  expect(m.find("ahishe")).toBe("his");
  expect(m.find("xyz")).toBeNull();
  expect(new WordMatcher(["aab"]).find("aaaaaab")).toBe("aab");
});

test("matching is case-insensitive in every script, and finds emoji and CJK words", () => {
  const m = new WordMatcher(["мир", "straße", "😀🎉", "敏感词", "ά"]);
  expect(m.find("ПРИВЕТ МИР")).toBe("мир");
  expect(m.find("die STRAßE")).toBe("straße");
  expect(m.find("ok 😀🎉 ok")).toBe("😀🎉");
  expect(m.find("这里有敏感词吗")).toBe("敏感词");
  expect(m.find("Ά")).toBe("ά");
  expect(m.find("😀 🎉")).toBeNull();
});

test("both table layouts agree with a naive search on random text (seeded)", () => {
  const seed = 20240616;
  const rand = rng(seed);
  const units = ["a", "b", "A", "中", "文", "😀", "🎉", "й", "Й", " "];
  const pick = (n: number) => Array.from({ length: n }, () => units[Math.floor(rand() * units.length)]).join("");
  for (let round = 0; round < 300; round++) {
    const words = Array.from({ length: 1 + Math.floor(rand() * 6) }, () =>
      pick(1 + Math.floor(rand() * 4)).toLowerCase(),
    );
    const text = pick(Math.floor(rand() * 40));
    const found = new WordMatcher(words).find(text);
    expect({ seed, round, end: endOf(text, found) }).toEqual({ seed, round, end: naive(text, words) });
  }
  // A list too large for the dense table (many states times a large CJK alphabet) takes the map path.
  const big = Array.from({ length: 3000 }, (_, i) =>
    String.fromCharCode(0x4e00 + i, 0x4e00 + ((i * 7) % 3000), 0x5000 + i),
  );
  const matcher = new WordMatcher(big);
  expect((matcher as unknown as { dense: unknown }).dense).toBeNull();
  expect(matcher.find("前缀" + big[1234] + "后缀")).toBe(big[1234]);
  expect(matcher.find("😀".repeat(1000))).toBeNull();
});

test("a long emoji or CJK prompt is scanned in linear time", () => {
  // The replaced package needed ~5 s for 40k emoji; 2 MB of each script here takes a few ms.
  // The bound is generous so the test cannot flake on a loaded machine; scripts/bench.mjs measures.
  const m = new WordMatcher(["test_sensitive", "敏感词"]);
  for (const unit of ["😀🎉👍🏽👨‍👩‍👧", "中文长文档测试", "Hello мир 你好 😀 مرحبا "]) {
    const text = unit.repeat(Math.ceil(2_000_000 / unit.length));
    const t0 = performance.now();
    expect(m.find(text)).toBeNull();
    expect(performance.now() - t0).toBeLessThan(1500);
  }
});
