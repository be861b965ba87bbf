// Inbox previews: markup stripped; over 100 characters cut to 97 plus an ellipsis.
import { messagePreview, PREVIEW_MAX } from "@/modules/messages/message-preview";

describe("messagePreview", () => {
  test("short text is kept whole", () => {
    expect(messagePreview("Hello world", "markdown")).toBe("Hello world");
  });

  test("exactly 100 characters is not cut, 101 is cut to 97 plus ...", () => {
    const hundred = "a".repeat(PREVIEW_MAX);
    expect(messagePreview(hundred, "markdown")).toBe(hundred);
    const cut = messagePreview("b".repeat(101), "markdown");
    expect(cut).toBe(`${"b".repeat(97)}...`);
    expect(cut).toHaveLength(100);
  });

  test("counts code points, so emoji are not split", () => {
    const text = "😀".repeat(120);
    const cut = messagePreview(text, "markdown");
    expect(Array.from(cut)).toHaveLength(100);
    expect(cut.startsWith("😀".repeat(97))).toBe(true);
  });

  test("html tags, scripts and entities are stripped", () => {
    const html =
      '<p>Hi <b>there</b>&nbsp;&amp; you</p><script>alert("x")</script><style>p{}</style><br/>end &#39;q&#x27;';
    expect(messagePreview(html, "html")).toBe("Hi there & you end 'q'");
  });

  test("markdown syntax is stripped", () => {
    const md = [
      "# Title",
      "",
      "Some **bold**, *em*, _em2_, ~~gone~~ and `code`.",
      "- item one",
      "1. first",
      "> quoted",
      "[link text](https://example.com) ![alt](https://x/y.png)",
      "---",
      "```js",
      "let a = 1;",
      "```",
    ].join("\n");
    expect(messagePreview(md, "markdown")).toBe(
      "Title Some bold, em, em2, gone and code. item one first quoted link text alt let a = 1;",
    );
    expect(messagePreview("snake_case_name and 2*3*4 stay", "markdown")).toBe("snake_case_name and 2*3*4 stay");
  });

  test("raw html inside markdown is stripped too", () => {
    expect(messagePreview("<img src=x onerror=alert(1)>text", "markdown")).toBe("text");
  });

  test("whitespace collapses; the cut is made after stripping", () => {
    const md = `**${"word ".repeat(30)}**`;
    const cut = messagePreview(md, "markdown");
    expect(cut.endsWith("...")).toBe(true);
    expect(cut).not.toContain("*");
    expect(cut).toHaveLength(100);
  });
});
