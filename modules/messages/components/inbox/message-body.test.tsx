// Message bodies: markdown renders as elements with raw HTML kept as text, unsafe
// link targets dropped; unknown formats are plain text.
import { render } from "@testing-library/react";
import { MessageBody } from "@/modules/messages/components/inbox/message-body";

test("markdown renders headings, emphasis, lists and safe links", () => {
  const { container } = render(
    <MessageBody format="markdown" content={"# Hi\n\nSome **bold** text\n\n- [docs](https://example.com)\n- two"} />,
  );
  expect(container.querySelector("h1")?.textContent).toBe("Hi");
  expect(container.querySelector("strong")?.textContent).toBe("bold");
  expect(container.querySelectorAll("li")).toHaveLength(2);
  const link = container.querySelector("a")!;
  expect(link.getAttribute("href")).toBe("https://example.com");
  expect(link.getAttribute("rel")).toContain("noopener");
});

test("markdown never turns raw html or javascript: links into markup", () => {
  const { container } = render(
    <MessageBody
      format="markdown"
      content={'<img src=x onerror="alert(1)"><script>alert(2)</script> [x](javascript:alert(3)) ![i](javascript:a)'}
    />,
  );
  expect(container.querySelector("img")).toBeNull();
  expect(container.querySelector("script")).toBeNull();
  expect(container.querySelector("a")).toBeNull();
  expect(container.textContent).toContain("<script>alert(2)</script>");
});

test("unknown formats are plain text", () => {
  const { container } = render(<MessageBody format="text" content={"<b>not bold</b>\nline"} />);
  expect(container.querySelector("b")).toBeNull();
  expect(container.textContent).toBe("<b>not bold</b>\nline");
});

test("html (already sanitized by the server) is rendered as markup", () => {
  const { container } = render(<MessageBody format="html" content="<p>Hello <b>there</b></p>" />);
  expect(container.querySelector("b")?.textContent).toBe("there");
});
