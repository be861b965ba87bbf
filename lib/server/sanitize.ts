import "server-only";

// Admin-supplied HTML (footer, notice, about, messages) is rendered in every visitor's browser, so it
// is cleaned on the server: no scripts, no event handlers, no javascript: URLs (one-api's stored XSS).
import type sanitizeHtmlType from "sanitize-html";

/**
 * sanitize-html (with postcss) is loaded on the first HTML to clean: a relay-only process, or a
 * console whose footer, notice and messages hold no HTML, never pays its ~2 MB of heap.
 */
let loaded: { clean: typeof sanitizeHtmlType; options: sanitizeHtmlType.IOptions } | null = null;

function optionsFor(sanitizeHtml: typeof sanitizeHtmlType): sanitizeHtmlType.IOptions {
  return {
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
}

function sanitizer() {
  if (!loaded) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const clean = require("sanitize-html") as typeof sanitizeHtmlType;
    loaded = { clean, options: optionsFor(clean) };
  }
  return loaded;
}

export function sanitizeUserHtml(html: string): string {
  if (!html) return "";
  const { clean, options } = sanitizer();
  return clean(html, options);
}
