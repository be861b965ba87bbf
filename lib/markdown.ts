// Inbox markdown: `marked` tokenises the source, and this module maps its tokens to a small tree that
// components/markdown-view.tsx renders as React elements. Raw HTML in the source stays text,
// never markup, and only http(s), mailto and site-relative targets become links (images: http(s)).
import { Lexer, type Token, type Tokens } from "marked";

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

/** A link or image target that is safe to put in an href/src, or null. */
export function safeUrl(raw: string, { images = false } = {}): string | null {
  const url = raw.trim();
  if (/^https?:\/\//i.test(url)) return url;
  if (!images && /^mailto:/i.test(url)) return url;
  if (!images && /^\/(?!\/)/.test(url)) return url;
  return null;
}

const LEXER_OPTIONS = { gfm: true, breaks: true } as const;

export function parseMarkdown(source: string): Block[] {
  return toBlocks(new Lexer(LEXER_OPTIONS).lex(source));
}

export function parseInline(text: string): Inline[] {
  return mergeText(toInlines(new Lexer(LEXER_OPTIONS).inlineTokens(text)));
}

function toBlocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "heading":
        out.push({
          type: "heading",
          level: Math.min(6, Math.max(1, token.depth)) as 1,
          children: inlineOf(token as Tokens.Heading),
        });
        break;
      case "paragraph":
      case "text":
        out.push({ type: "paragraph", children: inlineOf(token as Tokens.Paragraph) });
        break;
      case "code":
        out.push({ type: "code", lang: (token as Tokens.Code).lang ?? "", text: (token as Tokens.Code).text });
        break;
      case "blockquote":
        out.push({ type: "quote", children: toBlocks((token as Tokens.Blockquote).tokens) });
        break;
      case "list": {
        const list = token as Tokens.List;
        out.push({
          type: "list",
          ordered: list.ordered,
          start: typeof list.start === "number" ? list.start : 1,
          items: list.items.map((item) => toBlocks(item.tokens)),
        });
        break;
      }
      case "hr":
        out.push({ type: "hr" });
        break;
      case "html":
        // shown as written, not interpreted
        out.push({ type: "paragraph", children: [{ type: "text", text: (token as Tokens.HTML).text.trim() }] });
        break;
      case "table": {
        // tables are flattened to one line per row: the inbox needs no grid layout
        const table = token as Tokens.Table;
        for (const row of [table.header, ...table.rows])
          out.push({ type: "paragraph", children: [{ type: "text", text: row.map((c) => c.text).join(" | ") }] });
        break;
      }
      default:
        break; // space, def: nothing to show
    }
  }
  return out;
}

function inlineOf(token: { tokens?: Token[]; text: string }): Inline[] {
  return mergeText(token.tokens ? toInlines(token.tokens) : [{ type: "text", text: token.text }]);
}

function toInlines(tokens: Token[]): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "strong":
      case "em":
      case "del":
        out.push({ type: token.type, children: toInlines((token as Tokens.Strong).tokens) });
        break;
      case "codespan":
        out.push({ type: "code", text: decode((token as Tokens.Codespan).text) });
        break;
      case "br":
        out.push({ type: "br" });
        break;
      case "link": {
        const link = token as Tokens.Link;
        const href = safeUrl(link.href);
        const children = toInlines(link.tokens);
        out.push(href ? { type: "link", href, children } : { type: "span", children });
        break;
      }
      case "image": {
        const image = token as Tokens.Image;
        const src = safeUrl(image.href, { images: true });
        out.push(src ? { type: "image", src, alt: image.text } : { type: "text", text: image.text });
        break;
      }
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens?.length) out.push(...toInlines(text.tokens));
        else out.push({ type: "text", text: decode(text.text) });
        break;
      }
      case "escape":
      case "html":
        out.push({ type: "text", text: decode((token as Tokens.Escape).text) });
        break;
      default:
        if ("text" in token && typeof token.text === "string") out.push({ type: "text", text: decode(token.text) });
    }
  }
  return out;
}

/** marked escapes &, <, >, " and ' in text; React escapes again, so undo marked's. */
function decode(text: string): string {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

function mergeText(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.type === "text" && last?.type === "text") out[out.length - 1] = { type: "text", text: last.text + n.text };
    else out.push(n);
  }
  return out;
}
