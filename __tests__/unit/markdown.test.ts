// Inbox markdown (lib/markdown.ts over marked): structure, and that nothing unsafe becomes markup.
import { parseInline, parseMarkdown, safeUrl } from "@/lib/markdown";

test("headings, paragraphs, rules and line breaks", () => {
  expect(parseMarkdown("# Title\n\nline one\nline two\n\n---\n### Small ##")).toEqual([
    { type: "heading", level: 1, children: [{ type: "text", text: "Title" }] },
    {
      type: "paragraph",
      children: [{ type: "text", text: "line one" }, { type: "br" }, { type: "text", text: "line two" }],
    },
    { type: "hr" },
    { type: "heading", level: 3, children: [{ type: "text", text: "Small" }] },
  ]);
});

test("emphasis, strike, code and escapes", () => {
  expect(parseInline("**b** *i* _j_ ~~d~~ `x*y` \\*not\\* snake_case_name")).toEqual([
    { type: "strong", children: [{ type: "text", text: "b" }] },
    { type: "text", text: " " },
    { type: "em", children: [{ type: "text", text: "i" }] },
    { type: "text", text: " " },
    { type: "em", children: [{ type: "text", text: "j" }] },
    { type: "text", text: " " },
    { type: "del", children: [{ type: "text", text: "d" }] },
    { type: "text", text: " " },
    { type: "code", text: "x*y" },
    { type: "text", text: " *not* snake_case_name" },
  ]);
});

test("links: safe targets only; unsafe ones keep their text", () => {
  expect(parseInline("[docs](https://example.com/a)")).toEqual([
    { type: "link", href: "https://example.com/a", children: [{ type: "text", text: "docs" }] },
  ]);
  expect(parseInline("[me](mailto:a@b.c) [home](/app/tokens)")[0]).toMatchObject({
    type: "link",
    href: "mailto:a@b.c",
  });
  expect(parseInline("[home](/app/tokens)")[0]).toMatchObject({ type: "link", href: "/app/tokens" });
  expect(parseInline("[x](javascript:alert(1))")).toEqual([{ type: "span", children: [{ type: "text", text: "x" }] }]);
  expect(parseInline("[x](//evil.com)")[0]).toMatchObject({ type: "span" });
  expect(parseInline("see https://example.com/x.")).toEqual([
    { type: "text", text: "see " },
    { type: "link", href: "https://example.com/x", children: [{ type: "text", text: "https://example.com/x" }] },
    { type: "text", text: "." },
  ]);
});

test("images: http(s) only", () => {
  expect(parseInline("![logo](https://x.test/a.png)")).toEqual([
    { type: "image", src: "https://x.test/a.png", alt: "logo" },
  ]);
  expect(parseInline("![logo](data:image/svg+xml,abc)")).toEqual([{ type: "text", text: "logo" }]);
  expect(safeUrl("JAVASCRIPT:alert(1)")).toBeNull();
  expect(safeUrl(" https://a.b ")).toBe("https://a.b");
});

test("raw html stays text", () => {
  const blocks = parseMarkdown('<script>alert(1)</script><img src=x onerror="alert(2)">');
  expect(blocks).toEqual([
    {
      type: "paragraph",
      children: [{ type: "text", text: '<script>alert(1)</script><img src=x onerror="alert(2)">' }],
    },
  ]);
});

test("lists (nested), quotes and fenced code", () => {
  const md = [
    "- one",
    "- two",
    "  - nested",
    "",
    "3. c",
    "4. d",
    "",
    "> quoted **q**",
    "",
    "```ts",
    "const a = `<b>`;",
    "```",
  ].join("\n");
  expect(parseMarkdown(md)).toEqual([
    {
      type: "list",
      ordered: false,
      start: 1,
      items: [
        [{ type: "paragraph", children: [{ type: "text", text: "one" }] }],
        [
          { type: "paragraph", children: [{ type: "text", text: "two" }] },
          {
            type: "list",
            ordered: false,
            start: 1,
            items: [[{ type: "paragraph", children: [{ type: "text", text: "nested" }] }]],
          },
        ],
      ],
    },
    {
      type: "list",
      ordered: true,
      start: 3,
      items: [
        [{ type: "paragraph", children: [{ type: "text", text: "c" }] }],
        [{ type: "paragraph", children: [{ type: "text", text: "d" }] }],
      ],
    },
    {
      type: "quote",
      children: [
        {
          type: "paragraph",
          children: [
            { type: "text", text: "quoted " },
            { type: "strong", children: [{ type: "text", text: "q" }] },
          ],
        },
      ],
    },
    { type: "code", lang: "ts", text: "const a = `<b>`;" },
  ]);
});
