import "server-only";

// Multi-pattern, case-insensitive word matcher (Aho–Corasick over UTF-16 code units). It replaces a
// package that segmented text into graphemes and grew super-linearly on emoji and CJK: one 100 KB
// prompt blocked the event loop for minutes. Here every code unit costs one table lookup (a dense
// DFA), or amortised O(1) goto/fail steps when the word list is too large for a dense table, so a
// 16 MB prompt is scanned in tens of milliseconds whatever its script, in slices (sliced.ts).
import { runAtOnce, SLICE_UNITS, unitsAt } from "@/lib/server/sliced";

/** Dense transition tables above this many cells (4 bytes each) fall back to goto/fail maps. */
const MAX_DENSE_CELLS = 1 << 22;

let foldTable_: Uint16Array | null = null;

/** Lower case of one code unit when it is one code unit, else the unit itself. */
function foldOne(c: number): number {
  const l = String.fromCharCode(c).toLowerCase();
  return l.length === 1 ? l.charCodeAt(0) : c;
}

/**
 * Per-code-unit lower case (what String#toLowerCase gives when the result is one code unit; other
 * units map to themselves). Folding words and text with the same table keeps matching consistent
 * and linear; only the rare astral or multi-unit case pairs are compared exactly. Built with one
 * toLowerCase per block of 256 units (65,536 single calls blocked the first request for ~15 ms);
 * a newline after each unit keeps the context rules (final sigma) out, as for a lone unit.
 */
export function foldTable(): Uint16Array {
  if (foldTable_) return foldTable_;
  const t = new Uint16Array(65536);
  const block: number[] = [];
  for (let base = 0; base < 65536; base += 256) {
    if (base >= 0xd800 && base < 0xe000) {
      for (let c = base; c < base + 256; c++) t[c] = c;
      continue;
    }
    block.length = 0;
    for (let c = base; c < base + 256; c++) block.push(c, 0x0a);
    const lower = String.fromCharCode(...block).toLowerCase();
    // Same length: no unit grew (toLowerCase never shrinks one), so positions still line up.
    if (lower.length === block.length) for (let i = 0; i < 256; i++) t[base + i] = lower.charCodeAt(2 * i);
    else for (let c = base; c < base + 256; c++) t[c] = foldOne(c);
  }
  foldTable_ = t;
  return t;
}

export class WordMatcher {
  /** Code unit → alphabet class + 1 (0: the unit occurs in no word, so every scan state resets). */
  private readonly classOf = new Int32Array(65536);
  private readonly alphabet: number;
  /** Per state: index of a word ending here (directly or through the failure chain), or -1. */
  private readonly output: Int32Array;
  private readonly dense: Int32Array | null;
  private readonly gotos: Map<number, number>[];
  private readonly fail: Int32Array;

  constructor(private readonly words: readonly string[]) {
    const f = foldTable();
    let classes = 0;
    const gotos: Map<number, number>[] = [new Map()];
    const terminal: number[] = [-1];
    words.forEach((word, w) => {
      let s = 0;
      for (let i = 0; i < word.length; i++) {
        const u = f[word.charCodeAt(i)]!;
        if (!this.classOf[u]) this.classOf[u] = ++classes;
        const k = this.classOf[u]! - 1;
        let next = gotos[s]!.get(k);
        if (next === undefined) {
          next = gotos.length;
          gotos.push(new Map());
          terminal.push(-1);
          gotos[s]!.set(k, next);
        }
        s = next;
      }
      if (word.length && terminal[s] === -1) terminal[s] = w;
    });
    this.alphabet = classes;
    this.gotos = gotos;
    const n = gotos.length;
    this.fail = new Int32Array(n);
    this.output = Int32Array.from(terminal);
    // Breadth-first: a state's failure target is shallower, hence already final.
    const order: number[] = [];
    for (const child of gotos[0]!.values()) order.push(child);
    for (let q = 0; q < order.length; q++) {
      const s = order[q]!;
      if (this.output[s] === -1) this.output[s] = this.output[this.fail[s]!]!;
      for (const [k, child] of gotos[s]!) {
        let r = this.fail[s]!;
        while (r && !gotos[r]!.has(k)) r = this.fail[r]!;
        const t = gotos[r]!.get(k);
        this.fail[child] = t !== undefined && t !== child ? t : 0;
        order.push(child);
      }
    }
    // Index classes by the raw code unit, so a scan costs one lookup per unit.
    for (let c = 0; c < 65536; c++) if (f[c] !== c) this.classOf[c] = this.classOf[f[c]!]!;
    this.dense = n * classes <= MAX_DENSE_CELLS ? this.buildDense(order) : null;
  }

  private buildDense(order: number[]): Int32Array {
    const a = this.alphabet;
    const d = new Int32Array(this.gotos.length * a);
    for (const [k, child] of this.gotos[0]!) d[k] = child;
    for (const s of order) {
      const base = s * a;
      const failBase = this.fail[s]! * a;
      for (let k = 0; k < a; k++) d[base + k] = d[failBase + k]!;
      for (const [k, child] of this.gotos[s]!) d[base + k] = child;
    }
    for (let i = 0; i < d.length; i++) {
      const t = d[i]!;
      d[i] = this.output[t]! >= 0 ? -(t * a) - 1 : t * a;
    }
    return d;
  }

  /** The first word (by end position) occurring in text, or null. */
  find(text: string): string | null {
    return runAtOnce(this.scan(text));
  }

  /** As find, in slices of text with a yield between them (see runSliced). */
  *scan(text: string): Generator<void, string | null> {
    let state = 0;
    for (let start = 0; start < text.length; start += SLICE_UNITS) {
      if (start) yield;
      const units = unitsAt(text, start);
      state = this.dense ? this.scanDense(this.dense, units, state) : this.scanGotos(units, state);
      if (state < 0) return this.words[-state - 1]!;
    }
    return null;
  }

  /** From a row offset: the row offset after units, or -1 - the index of the first word found. */
  private scanDense(dense: Int32Array, units: Uint16Array, row: number): number {
    const classOf = this.classOf;
    // Entries hold the next state's row offset, negated (minus one) when a word ends there.
    for (let i = 0, n = units.length; i < n; i++) {
      const k = classOf[units[i]!]!;
      if (k === 0) {
        row = 0;
        continue;
      }
      const next = dense[row + k - 1]!;
      if (next < 0) return -1 - this.output[(-next - 1) / this.alphabet]!;
      row = next;
    }
    return row;
  }

  /** From a goto state: the state after units, or -1 - the index of the first word found. */
  private scanGotos(units: Uint16Array, s: number): number {
    const classOf = this.classOf;
    for (let i = 0, n = units.length; i < n; i++) {
      const k = classOf[units[i]!]! - 1;
      if (k < 0) {
        s = 0;
        continue;
      }
      let t = this.gotos[s]!.get(k);
      while (t === undefined && s) {
        s = this.fail[s]!;
        t = this.gotos[s]!.get(k);
      }
      s = t ?? 0;
      const w = this.output[s]!;
      if (w >= 0) return -1 - w;
    }
    return s;
  }
}
