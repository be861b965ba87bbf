// Renders lib/markdown.ts's tree as React elements. Text goes through React's escaping, so raw HTML
// in the markdown source shows as text; link and image targets were filtered by the parser.
import type { ReactNode } from "react";
import { parseMarkdown, type Block, type Inline } from "@/lib/markdown";

function inlines(nodes: Inline[]): ReactNode[] {
  return nodes.map((n, i) => {
    switch (n.type) {
      case "text":
        return n.text;
      case "br":
        return <br key={i} />;
      case "code":
        return <code key={i}>{n.text}</code>;
      case "strong":
        return <strong key={i}>{inlines(n.children)}</strong>;
      case "em":
        return <em key={i}>{inlines(n.children)}</em>;
      case "del":
        return <del key={i}>{inlines(n.children)}</del>;
      case "span":
        return <span key={i}>{inlines(n.children)}</span>;
      case "link": {
        const external = !n.href.startsWith("/");
        return (
          <a
            key={i}
            href={n.href}
            target={external ? "_blank" : undefined}
            rel={external ? "noopener noreferrer nofollow" : undefined}
          >
            {inlines(n.children)}
          </a>
        );
      }
      case "image":
        // eslint-disable-next-line @next/next/no-img-element -- remote images of arbitrary hosts
        return <img key={i} src={n.src} alt={n.alt} loading="lazy" referrerPolicy="no-referrer" />;
    }
  });
}

const HEADING_CLASS = [
  "",
  "",
  "",
  "",
  "text-base font-semibold",
  "text-sm font-semibold",
  "text-sm font-semibold text-muted",
];

function blocks(nodes: Block[]): ReactNode[] {
  return nodes.map((b, i) => {
    switch (b.type) {
      case "heading": {
        const Tag = `h${b.level}` as "h1";
        return (
          <Tag key={i} className={HEADING_CLASS[b.level]}>
            {inlines(b.children)}
          </Tag>
        );
      }
      case "paragraph":
        return <p key={i}>{inlines(b.children)}</p>;
      case "code":
        return (
          <pre key={i} className="overflow-x-auto rounded-md bg-surface-muted p-3 text-xs leading-relaxed">
            <code className="bg-transparent p-0">{b.text}</code>
          </pre>
        );
      case "quote":
        return (
          <blockquote key={i} className="border-l-4 border-border pl-4 text-muted">
            {blocks(b.children)}
          </blockquote>
        );
      case "list": {
        const items = b.items.map((item, j) => <li key={j}>{blocks(item)}</li>);
        return b.ordered ? (
          <ol key={i} start={b.start}>
            {items}
          </ol>
        ) : (
          <ul key={i}>{items}</ul>
        );
      }
      case "hr":
        return <hr key={i} className="border-border" />;
    }
  });
}

export function MarkdownView({ source }: { source: string }) {
  return <div className="rich-content">{blocks(parseMarkdown(source))}</div>;
}
