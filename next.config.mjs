import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./lib/i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A self-contained server tree in .next/standalone (traced node_modules) for the container image;
  // scripts/assemble-runtime.mjs completes it with our bundled server (.next/gateway/server.mjs).
  output: "standalone",
  // Native / Node-only packages stay out of the bundles and are required at run time.
  serverExternalPackages: ["better-sqlite3", "pg", "pino", "@prisma/adapter-better-sqlite3", "@prisma/adapter-pg"],
  // Tests and scripts are type-checked by `npm run typecheck`, not by every build.
  typescript: { tsconfigPath: "tsconfig.build.json" },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "SAMEORIGIN" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
