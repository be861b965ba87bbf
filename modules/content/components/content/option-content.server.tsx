// Admin-authored page content (HomePageContent, About options): a https:// link is embedded as a
// full-width frame, anything else is HTML sanitized here on the server before it reaches the page.
import { sanitizeUserHtml } from "@/lib/server/sanitize";

export function isEmbeddableUrl(content: string): boolean {
  return /^https:\/\/\S+$/.test(content.trim());
}

export function OptionContent({ content, title }: { content: string; title: string }) {
  const trimmed = content.trim();
  if (isEmbeddableUrl(trimmed)) {
    return (
      <iframe
        src={trimmed}
        title={title}
        className="block min-h-[calc(100dvh-3.5rem)] w-full flex-1 border-0"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-forms"
      />
    );
  }
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 min-[601px]:px-6">
      <div className="rich-content" dangerouslySetInnerHTML={{ __html: sanitizeUserHtml(trimmed) }} />
    </div>
  );
}
