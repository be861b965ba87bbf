// @ts-check
// Jest projects: `unit` (pure logic on node, React components on jsdom) and `api` (route handlers
// called in-process against a real, migrated database; see test-support/api/harness.ts). A module's
// tests sit in the module: unit and component tests beside the code (`*.test.ts(x)`), its API tests in
// `modules/<m>/__tests__/`; what belongs to no module stays in __tests__/{unit,components,api}.
//
// Why .mjs and not jest.config.ts: Jest 30 loads a TypeScript config only through ts-node or
// esbuild-register (or Node >= 22.18's native type stripping). Neither loader is a dependency and
// Node 20 is supported, so the config is plain ESM, type-checked by the JSDoc annotations.
import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

// Packages that ship ESM only: Prisma's runtime (query compiler .mjs), next-intl/use-intl, and
// htmlparser2 with its dom* helpers (used by sanitize-html). Node itself can require() them, Jest's
// module system cannot (before Node 24.9), so SWC transforms them to CommonJS.
const ESM_PACKAGES = [
  "@prisma/client/runtime",
  "next-intl",
  "use-intl",
  "htmlparser2",
  "domhandler",
  "domutils",
  "dom-serializer",
  "domelementtype",
  "entities",
  "@formatjs",
  "intl-messageformat",
  "icu-minify",
  "openai",
  "marked",
];
const transformIgnorePatterns = [`/node_modules/(?!(${ESM_PACKAGES.join("|")})/)`];

const IGNORED_PATHS = ["/lib/generated/", "/test-results/"];
// A module's API tests: the api project's, never the unit project's (whose globs cover modules/).
const API_IN_MODULES = "<rootDir>/modules/[^/]+/__tests__/";

/** @type {import('jest').Config} */
const shared = {
  moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1", "^server-only$": "<rootDir>/node_modules/server-only/empty.js" },
  testPathIgnorePatterns: IGNORED_PATHS,
  // __tests__/clients holds the coding-agent CLIs (hundreds of MB): never crawled.
  modulePathIgnorePatterns: ["<rootDir>/.next/", "<rootDir>/__tests__/clients/"],
  clearMocks: true,
};

/** @param {import('jest').Config} project */
async function build(project) {
  const config = await createJestConfig({ ...shared, ...project })();
  // next/jest prepends "/node_modules/", which would keep the ESM packages above untransformed.
  return { ...config, transformIgnorePatterns };
}

/** @returns {Promise<import('jest').Config>} */
export default async function config() {
  return {
    // A failing test file must show its own output; everything else stays quiet.
    silent: false,
    // A global option (ignored inside projects). Real bcrypt hashing and a real database per API
    // test; database creation itself has its own longer hook timeouts in the harness.
    testTimeout: 30_000,
    projects: [
      await build({
        displayName: "unit",
        testEnvironment: "node",
        testMatch: ["<rootDir>/__tests__/unit/**/*.test.ts", "<rootDir>/{lib,modules,relay,server}/**/*.test.ts"],
        // A module's API tests (modules/<m>/__tests__/) run in the api project.
        testPathIgnorePatterns: [...IGNORED_PATHS, API_IN_MODULES],
      }),
      await build({
        // Same --selectProjects name as the node half: `jest --selectProjects unit` runs both.
        displayName: { name: "unit", color: "cyan" },
        testEnvironment: "jsdom",
        testMatch: [
          "<rootDir>/__tests__/unit/**/*.test.tsx",
          "<rootDir>/__tests__/components/**/*.test.tsx",
          "<rootDir>/modules/**/*.test.tsx",
        ],
        testPathIgnorePatterns: [...IGNORED_PATHS, API_IN_MODULES],
        setupFilesAfterEnv: ["<rootDir>/test-support/components/setup-dom.ts"],
      }),
      await build({
        displayName: "api",
        testEnvironment: "node",
        testMatch: ["<rootDir>/__tests__/api/**/*.test.ts", "<rootDir>/modules/*/__tests__/**/*.test.ts"],
      }),
      await build({
        // Black-box relay tests: the production server as a child process, the official OpenAI SDK,
        // a loopback mock upstream (see __tests__/relay/gateway.ts).
        displayName: "relay",
        testEnvironment: "node",
        testMatch: ["<rootDir>/__tests__/relay/**/*.test.ts"],
      }),
      await build({
        // Needs a real redis-server (and, for the two-instance tests, PostgreSQL + the production
        // build): Redis-backed ledger, limits, leases, and several gateway instances on one database.
        displayName: "redis",
        testEnvironment: "node",
        testMatch: ["<rootDir>/__tests__/redis/**/*.test.ts"],
      }),
    ],
  };
}
