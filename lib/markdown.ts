// A small markdown parser for inbox messages. No markdown library is installed, and message bodies
// need only the everyday subset: headings, paragraphs, emphasis, code, lists, quotes, rules, links
// and images. It produces a tree that components/inbox/markdown-view.tsx renders as React elements,
// so raw HTML in the source is shown as text, never interpreted, and only http(s), mailto and
// site-relative link targets become links (no javascript: or data: URLs).
export type Inline =
  | { type: "text"; text: string }
  | { type: "code"; text: string }
  | { type: "strong" | "em" | "del" | "span"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "image"; src: string; alt: string }
  | { type: "br" };

export type Block =
  | { type: "heading"; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "code"; lang: string; text: string }
  | { type: "quote"; children: Block[] }
  | { type: "list"; ordered: boolean; start: number; items: Block[][] }
  | { type: "hr" };

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)(?:\s+#+)?\s*$/;
const RULE = /^ {0,3}([-*_])(?:\s*\1){2,}\s*$/;
const QUOTE = /^ {0,3}>\s?/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])\s+(.*)$/;

/** A link or image target that is safe to put in an href/src, or null. */
export function safeUrl(raw: string, { images = false } = {}): string | null {
  const url = raw.trim();
  if (/^https?:\/\//i.test(url)) return url;
  if (!images && /^mailto:/i.test(url)) return url;
  if (!images && /^\/(?!\/)/.test(url)) return url;
  return null;
}

export function parseMarkdown(source: string): Block[] {
  return parseBlocks(source.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n"));
}

function isBlockStart(line: string): boolean {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line);
}

function parseBlocks(lines: string[]): Block[] {
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !lines[i]!.trim().startsWith(marker)) body.push(lines[i++]!);
      i += 1; // closing fence (or end of text)
      blocks.push({ type: "code", lang: fence[2] ?? "", text: body.join("\n") });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ type: "heading", level, children: parseInline(heading[2]!) });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ type: "hr" });
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) body.push(lines[i++]!.replace(QUOTE, ""));
      blocks.push({ type: "quote", children: parseBlocks(body) });
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      i = parseList(lines, i, blocks);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !(para.length && isBlockStart(lines[i]!)))
      para.push(lines[i++]!.trim());
    blocks.push({ type: "paragraph", children: parseInline(para.join("\n")) });
  }
  return blocks;
}

/** Parses the list starting at lines[start] into blocks; returns the index after it. */
function parseList(lines: string[], start: number, out: Block[]): number {
  const first = ITEM.exec(lines[start]!)!;
  const ordered = /\d/.test(first[2]!);
  const baseIndent = first[1]!.length;
  const items: string[][] = [];
  let i = start;
  while (i < lines.length) {
    const line = lines[i]!;
    const m = ITEM.exec(line);
    // an item indented past this list's marker belongs to the current item (a nested list)
    if (m && m[1]!.length < baseIndent + 2 && /\d/.test(m[2]!) === ordered) {
      items.push([m[3]!]);
      i += 1;
      continue;
    }
    if (!line.trim()) {
      // a blank line continues the list only if the next line is indented or another item
      const next = lines[i + 1];
      if (
        next !== undefined &&
        (/^\s{2,}\S/.test(next) || (ITEM.exec(next) && /\d/.test(ITEM.exec(next)![2]!) === ordered))
      ) {
        items[items.length - 1]!.push("");
        i += 1;
        continue;
      }
      break;
    }
    if (/^\s{2,}/.test(line)) {
      items[items.length - 1]!.push(line.replace(/^\s{2,4}/, ""));
      i += 1;
      continue;
    }
    if (isBlockStart(line)) break;
    items[items.length - 1]!.push(line.trim()); // lazy continuation of the item's paragraph
    i += 1;
  }
  out.push({
    type: "list",
    ordered,
    start: ordered ? parseInt(first[2]!, 10) : 1,
    items: items.map((body) => parseBlocks(body)),
  });
  return i;
}

type Rule = { re: RegExp; build: (m: RegExpExecArray) => Inline };

const INLINE_RULES: Rule[] = [
  { re: /\\([\\`*_{}[\]()#+\-.!~>|])/y, build: (m) => ({ type: "text", text: m[1]! }) },
  { re: /(`+)([\s\S]+?)\1/y, build: (m) => ({ type: "code", text: m[2]!.trim() }) },
  { re: /\n/y, build: () => ({ type: "br" }) },
  {
    re: /!\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/y,
    build: (m) => {
      const src = safeUrl(m[2]!, { images: true });
      return src ? { type: "image", src, alt: m[1]! } : { type: "text", text: m[1]! };
    },
  },
  {
    re: /\[((?:[^\]\\]|\\.)+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/y,
    build: (m) => {
      const href = safeUrl(m[2]!);
      const children = parseInline(m[1]!);
      return href ? { type: "link", href, children } : { type: "span", children };
    },
  },
  { re: /<(https?:\/\/[^\s<>]+)>/y, build: (m) => link(m[1]!) },
  { re: /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)\]'*_~]/y, build: (m) => link(m[0]) },
  { re: /\*\*(?=\S)([^\n]*?\S)\*\*/y, build: (m) => ({ type: "strong", children: parseInline(m[1]!) }) },
  { re: /__(?=\S)([^\n]*?\S)__(?!\w)/y, build: (m) => ({ type: "strong", children: parseInline(m[1]!) }) },
  { re: /~~(?=\S)([^\n]*?\S)~~/y, build: (m) => ({ type: "del", children: parseInline(m[1]!) }) },
  { re: /\*(?=[^\s*])([^\n]*?[^\s*])\*/y, build: (m) => ({ type: "em", children: parseInline(m[1]!) }) },
  { re: /_(?=[^\s_])([^\n]*?[^\s_])_(?!\w)/y, build: (m) => ({ type: "em", children: parseInline(m[1]!) }) },
];

function link(url: string): Inline {
  return { type: "link", href: url, children: [{ type: "text", text: url }] };
}

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (node: Inline) => {
    const last = out[out.length - 1];
    if (node.type === "text" && last?.type === "text") last.text += node.text;
    else out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    let matched = false;
    // intraword _ (snake_case) is not emphasis
    const wordBefore = i > 0 && /\w/.test(text[i - 1]!);
    for (const rule of INLINE_RULES) {
      if (wordBefore && text[i] === "_") break;
      rule.re.lastIndex = i;
      const m = rule.re.exec(text);
      if (m) {
        push(rule.build(m));
        i += m[0].length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      push({ type: "text", text: text[i]! });
      i += 1;
    }
  }
  return out;
}
