// Issue 16: long per-request scans run in slices with event-loop turns between them. Each sliced scan
// must give the same answer as a straight one, whatever falls on a slice boundary.
import { jsonTooDeep, scanJsonDepth } from "@/lib/server/http/input-guard";
import { findSensitiveWord } from "@/relay/auth/protection";
import { estimateText } from "@/relay/kernel/tokenize";
import { foldTable, WordMatcher } from "@/relay/auth/word-matcher";
import { decodeUtf8, runAtOnce, runSliced, SLICE_UNITS, unitsAt } from "@/lib/server/sliced";

/** How many times a sliced computation paused. */
function pauses(work: Generator<void, unknown>): number {
  let n = 0;
  while (!work.next().done) n++;
  return n;
}

test("runSliced lets other callbacks run between slices; runAtOnce does not pause", async () => {
  let ran = 0;
  const seen: number[] = [];
  function* work(): Generator<void, string> {
    for (let i = 0; i < 3; i++) {
      seen.push(ran);
      yield;
    }
    return "done";
  }
  setImmediate(() => ran++);
  expect(await runSliced(work())).toBe("done");
  expect(seen).toEqual([0, 1, 1]);
  [ran, seen.length] = [0, 0];
  setImmediate(() => ran++);
  expect(runAtOnce(work())).toBe("done");
  expect(seen).toEqual([0, 0, 0]);
  await new Promise((resolve) => setImmediate(resolve));
});

test("unitsAt copies code units (lone surrogates included) slice by slice", () => {
  const text = "a\ud800b" + "中".repeat(SLICE_UNITS) + "\udc00😀";
  const units: number[] = [];
  for (let start = 0; start < text.length; start += SLICE_UNITS) for (const u of unitsAt(text, start)) units.push(u);
  expect(units).toHaveLength(text.length);
  expect(units.every((u, i) => u === text.charCodeAt(i))).toBe(true);
});

test("the fold table is String#toLowerCase unit by unit", () => {
  const f = foldTable();
  const wrong: string[] = [];
  for (let c = 0; c < 65536; c++) {
    const l = c >= 0xd800 && c <= 0xdfff ? String.fromCharCode(c) : String.fromCharCode(c).toLowerCase();
    const want = l.length === 1 ? l.charCodeAt(0) : c;
    if (f[c] !== want) wrong.push(c.toString(16));
  }
  expect(wrong).toEqual([]);
  expect(f["Σ".charCodeAt(0)]).toBe("σ".charCodeAt(0));
});

test("a word across a slice boundary is found, in both table layouts", async () => {
  const dense = new WordMatcher(["test_sensitive", "敏感词"]);
  // Large CJK list: the goto/fail layout (see word-matcher.test.ts).
  const big = Array.from({ length: 3000 }, (_, i) => String.fromCharCode(0x4e00 + i, 0x5000 + i, 0x6000 + i));
  const sparse = new WordMatcher([...big, "test_sensitive"]);
  expect((sparse as unknown as { dense: unknown }).dense).toBeNull();
  for (const m of [dense, sparse])
    for (const cut of [1, 5, 13]) {
      const text = "x".repeat(SLICE_UNITS - cut) + "TEST_Sensitive" + "😀中".repeat(10);
      expect(m.find(text)).toBe("test_sensitive");
      expect(pauses(m.scan(text))).toBe(1);
      expect(m.find(text.replace("TEST_", "TEST "))).toBeNull();
    }
  const long = "中文😀".repeat(SLICE_UNITS);
  expect(await findSensitiveWord(long + "敏感词", "敏感词")).toBe("敏感词");
  expect(await findSensitiveWord(long, "敏感词")).toBeNull();
});

test("the depth scan carries its state across slices (escapes, strings, nesting)", () => {
  const step = 2 * SLICE_UNITS;
  // A backslash as the last byte of the first slice: the quote after it stays inside the string.
  const pad = "a".repeat(step - 7);
  const escaped = Buffer.from(`{"s":"${pad}\\"[[[[","t":1}`);
  expect(escaped[step - 1]).toBe(0x5c);
  expect(jsonTooDeep(escaped, 3)).toBe(false);
  // Nesting opened before the boundary and deepened after it.
  const deep = Buffer.from(`{"s":"${"b".repeat(step - 8)}","x":${"[".repeat(8)}${"]".repeat(8)}}`);
  expect(jsonTooDeep(deep, 8)).toBe(true);
  expect(jsonTooDeep(deep, 9)).toBe(false);
  expect(pauses(scanJsonDepth(deep, 8))).toBe(1);
  // Few brackets in all: answered without a scan; many, all inside strings: scanned, not too deep.
  expect(pauses(scanJsonDepth(deep, 16))).toBe(0);
  const quoted = Buffer.from(JSON.stringify({ s: "[{".repeat(step) }));
  expect(jsonTooDeep(quoted, 3)).toBe(false);
  expect(pauses(scanJsonDepth(quoted, 3))).toBeGreaterThan(0);
  expect(jsonTooDeep(new Uint8Array(Buffer.from("[[[[]]]]")), 3)).toBe(true);
});

test("UTF-8 decoding in slices equals Buffer#toString (split characters, BOM, invalid bytes)", () => {
  const step = 2 * SLICE_UNITS;
  for (const text of ["\ufeff" + "é".repeat(step), "x" + "😀中".repeat(step / 3)]) {
    const raw = Buffer.from(text);
    expect(pauses(decodeUtf8(raw))).toBeGreaterThan(0);
    expect(runAtOnce(decodeUtf8(raw)) === raw.toString("utf8")).toBe(true);
  }
  const broken = Buffer.concat([
    Buffer.from("a".repeat(step - 1)),
    Buffer.from([0xe4, 0xb8, 0xff, 0xc0, 0x80]),
    Buffer.from("z"),
  ]);
  expect(runAtOnce(decodeUtf8(broken)) === broken.toString("utf8")).toBe(true);
});

test("the token estimate counts CJK units across slices", () => {
  expect(estimateText("中".repeat(SLICE_UNITS + 5) + "abcdef")).toBe(SLICE_UNITS + 5 + 2);
  expect(estimateText("😀".repeat(3))).toBe(2);
});
