"use client";

import { useMemo } from "react";
import { MarkdownView } from "@/components/markdown-view";

/**
 * A message body as markdown, html or plain text. html bodies are sanitized by the
 * server with sanitize-html when they are written AND again when they are served
 * (modules/messages/server/dto.ts), so only cleaned markup reaches innerHTML here.
 */
export function MessageBody({ content, format }: { content: string; format: string }) {
  const html = useMemo(() => ({ __html: content }), [content]);
  if (format === "markdown") return <MarkdownView source={content} />;
  if (format === "html") return <div className="rich-content" dangerouslySetInnerHTML={html} />;
  return <div className="text-sm leading-relaxed whitespace-pre-wrap">{content}</div>;
}
