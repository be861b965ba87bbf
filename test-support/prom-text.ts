// A tiny parser of the Prometheus text exposition format, so tests read /metrics the way a
// scraper does (not through prom-client's own objects).
export type Sample = { name: string; labels: Record<string, string>; value: number };

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/g;

const unescape = (v: string) => v.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));

function parseValue(v: string): number {
  if (v === "+Inf") return Infinity;
  if (v === "-Inf") return -Infinity;
  return Number(v);
}

export function parsePrometheus(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`not a Prometheus sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(LABEL)) labels[l[1]!] = unescape(l[2]!);
    samples.push({ name: m[1]!, labels, value: parseValue(m[3]!) });
  }
  return samples;
}

/** The sum of the samples of one metric whose labels include `where`. */
export function sumOf(samples: Sample[], name: string, where: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(where).every(([k, v]) => s.labels[k] === v))
    .reduce((a, s) => a + s.value, 0);
}

/** The HELP/TYPE-declared metric names of a scrape. */
export function declaredTypes(text: string): Map<string, string> {
  const types = new Map<string, string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) types.set(m[1]!, m[2]!);
  return types;
}
