import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

// The console's Content-Security-Policy. Pragmatic rather than nonce-based: Next's App Router
// inlines its bootstrap scripts, so scripts need 'unsafe-inline' (plus the two sign-in widgets we
// load: Cloudflare Turnstile and Telegram). What it still buys: no plugins, no <base> hijack, forms
// only to web addresses, and no framing by other sites (frame-ancestors).
// Admin-set frames (home/about page URLs, chat links) and images in Markdown may be anywhere.
const CSP = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "production" ? "" : " 'unsafe-eval'"} https://challenges.cloudflare.com https://telegram.org`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "font-src 'self' data:",
  // The OIDC settings read the provider's discovery document from the browser.
  "connect-src 'self' https: http:",
  "frame-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  // The EPay top-up posts a form to the payment gateway (PayAddress, root's setting): any http(s) target.
  "form-action 'self' https: http:",
  "frame-ancestors 'self'",
].join("; ");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A self-contained server tree in .next/standalone (traced node_modules) for the container image;
  // scripts/assemble-runtime.mjs completes it with our bundled server (.next/gateway/server.mjs).
  output: "standalone",
  // Native / Node-only packages stay out of the bundles and are required at run time.
  serverExternalPackages: ["better-sqlite3", "pg", "pino", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg"],
  // Types are checked once, by `npm run typecheck` (tsc over the whole tree, in `npm test` beside the
  // build): the build's own check of the same sources cost ~30 s of CPU more per build.
  typescript: { tsconfigPath: "tsconfig.build.json", ignoreBuildErrors: true },
  // Turbopack's build cache (.next/cache, ~175 MB) makes a rebuild after an edit ~2x faster, but a
  // first build pays ~50 s of CPU to write it: CI and image builds start clean and never read it.
  experimental: { turbopackFileSystemCacheForBuild: process.env.CI !== "true" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
          { key: "Content-Security-Policy", value: CSP },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
