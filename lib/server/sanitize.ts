import "server-only";

// Admin-supplied HTML (footer, notice, about, messages) is rendered in every visitor's browser, so it
// is cleaned on the server: no scripts, no event handlers, no javascript: URLs (one-api's stored XSS).
import sanitizeHtml from "sanitize-html";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat([
    "img",
    "span",
    "del",
    "ins",
    "sup",
    "sub",
    "details",
    "summary",
  ]),
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    "*": ["class", "title", "style", "align"],
    a: ["href", "name", "target", "rel"],
    img: ["src", "alt", "width", "height"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowedStyles: {
    "*": {
      color: [/^[#a-z0-9(),.\s%]+$/i],
      "text-align": [/^(left|right|center|justify)$/],
      "font-size": [/^\d+(px|em|rem|%)$/],
    },
  },
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export function sanitizeUserHtml(html: string): string {
  return html ? sanitizeHtml(html, OPTIONS) : "";
}
