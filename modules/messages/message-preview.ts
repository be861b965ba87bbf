// Inbox list previews: markup stripped, whitespace collapsed, and text over 100
// characters cut to 97 plus "...". Counted in code points so an emoji is never split in half.
export const PREVIEW_MAX = 100;
const PREVIEW_CUT = 97;
const ELLIPSIS = "...";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1]?.toLowerCase() === "x" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function stripHtml(html: string): string {
  const text = html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(text);
}

export function stripMarkdown(markdown: string): string {
  return stripHtml(
    markdown
      .replace(/^\s*(```|~~~).*$/gm, " ") // code fences (the code itself stays)
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1") // images -> alt text
      .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") // links -> their text
      .replace(/^\s{0,3}#{1,6}\s+/gm, "") // headings
      .replace(/^\s*>\s?/gm, "") // quotes
      .replace(/^\s*([-*+]|\d+[.)])\s+/gm, "") // list markers
      .replace(/^\s*([-*_])(\s*\1){2,}\s*$/gm, " ") // rules
      .replace(/(\*\*|__|~~|`)/g, "") // strong, strike, code
      .replace(/(^|[\s(])[*_](\S(?:.*?\S)?)[*_](?=$|[\s).,!?:;])/gm, "$1$2") // emphasis
      .replace(/\\([\\`*_{}[\]()#+\-.!~>])/g, "$1"), // escapes
  );
}

export function messagePreview(content: string, format: string): string {
  const plain = (format === "html" ? stripHtml(content) : stripMarkdown(content)).replace(/\s+/g, " ").trim();
  const chars = Array.from(plain);
  return chars.length > PREVIEW_MAX ? chars.slice(0, PREVIEW_CUT).join("") + ELLIPSIS : plain;
}
