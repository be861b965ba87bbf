// Reads docs/compatibility.md's route tables into calls (issue 41): the doc is a contract, and
// __tests__/api/compatibility-doc.test.ts calls every route it lists to hold each row to its status.
// A row's first cell lists its calls: method words apply to the backticked paths after them until
// the next method word; `{a,b}` alternates, `{name}` is a placeholder filled with a sample value;
// text in parentheses is a note ("(WebSocket)" makes the calls WebSocket upgrades). Its second cell
// starts with its status: "served…", "our addition…", "200…" (answered by a real handler) or
// "not served…" / "404…" (the unknown-path answer; "501" in it: the relay's not-implemented one).
// A row the grammar cannot read is an error, not a skipped row: a doc row nobody checks could lie.

export type DocSection = "api" | "relay" | "only-here";
export type DocCall = { method: string; path: string; websocket: boolean };
export type DocRow = {
  line: number;
  section: DocSection;
  /** Under "### Public": called anonymously as well. */
  public: boolean;
  served: boolean;
  /** A relay route new-api answers 501 api_not_implemented (and so does this gateway). */
  notImplemented: boolean;
  calls: DocCall[];
};

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

/** Sample values of path placeholders; any other `{name}` is an id (new-api's ids are numbers). */
const PLACEHOLDER_SAMPLES: Record<string, string> = {
  model: "no-such-model",
  action: "music",
  env: "test",
};

function sectionOf(heading: string): DocSection | null {
  if (/^## .*Relay routes of new-api/.test(heading)) return "relay";
  if (/^## .*routes of new-api/.test(heading)) return "api";
  if (/^## Only here/.test(heading)) return "only-here";
  return null;
}

/** Table cells, with `\|` kept inside a cell. */
function cellsOf(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
}

/** Every path an alternation-and-placeholder pattern stands for. */
export function expandPath(pattern: string): string[] {
  const m = /\{([^{}]*)\}/.exec(pattern);
  if (!m) return [pattern];
  const options = m[1]!.includes(",") ? m[1]!.split(",") : [PLACEHOLDER_SAMPLES[m[1]!] ?? "1"];
  const head = pattern.slice(0, m.index);
  const tail = pattern.slice(m.index + m[0].length);
  return options.flatMap((o) => expandPath(`${head}${o.trim()}${tail}`));
}

export function parseRouteCell(cell: string): DocCall[] {
  const websocket = /\(WebSocket\)/.test(cell);
  const text = cell.replace(/\([^()]*\)/g, " ");
  const calls: DocCall[] = [];
  let methods: string[] = [];
  let afterPath = false;
  for (const m of text.matchAll(/`([^`]+)`|\b([A-Z]+)\b/g)) {
    if (m[2] !== undefined) {
      if (!METHODS.has(m[2])) continue;
      if (afterPath) methods = [];
      afterPath = false;
      methods.push(m[2]);
      continue;
    }
    const path = m[1]!;
    if (!path.startsWith("/")) continue;
    if (methods.length === 0) throw new Error(`no method before \`${path}\``);
    if (path.includes("*")) throw new Error(`\`${path}\`: list the paths, not a wildcard`);
    afterPath = true;
    for (const method of methods) for (const p of expandPath(path)) calls.push({ method, path: p, websocket });
  }
  if (calls.length === 0) throw new Error("the row lists no call");
  return calls;
}

function statusOf(cell: string): { served: boolean; notImplemented: boolean } {
  if (/^not served/i.test(cell) || /^404\b/.test(cell)) return { served: false, notImplemented: /\b501\b/.test(cell) };
  if (/^(served|our addition|200\b)/i.test(cell)) return { served: true, notImplemented: false };
  throw new Error(`unknown status "${cell.slice(0, 40)}"`);
}

/** The doc's route rows, or the lines it cannot read (every one is an error). */
export function parseCompatibilityDoc(markdown: string): { rows: DocRow[]; errors: string[] } {
  const rows: DocRow[] = [];
  const errors: string[] = [];
  let section: DocSection | null = null;
  let isPublic = false;
  markdown.split("\n").forEach((line, i) => {
    if (line.startsWith("## ")) {
      section = sectionOf(line);
      isPublic = false;
    } else if (line.startsWith("### ")) isPublic = line.trim() === "### Public";
    else if (section && line.startsWith("|")) {
      const [route = "", status = ""] = cellsOf(line);
      if (route === "Route" || /^-+$/.test(route)) return;
      try {
        rows.push({ line: i + 1, section, public: isPublic, ...statusOf(status), calls: parseRouteCell(route) });
      } catch (err) {
        errors.push(`line ${i + 1}: ${(err as Error).message}`);
      }
    }
  });
  return { rows, errors };
}
