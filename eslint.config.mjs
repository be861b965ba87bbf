// ESLint flat config: Next's core-web-vitals + TypeScript rules, Prettier owns formatting.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import fs from "node:fs";

// Configuration is validated once in lib/env.ts; everything else asks env() so a bad setting fails
// at boot with one clear message. Scripts, tests and tool configs run outside the app and may read it.
const PROCESS_ENV_ALLOWED = [
  "lib/env.ts",
  "scripts/**",
  "prisma.config.ts",
  "__tests__/**",
  "test-support/**",
  "**/*.test.{ts,tsx}",
  "modules/*/__tests__/**",
  "jest.config.*",
  "eslint.config.mjs",
  "next.config.mjs",
];

// Module boundaries (README "Architecture"); import cycles are refused by scripts/check-import-cycles.mjs
// (import/no-cycle found the same in 138 s of CPU per lint). Client code (components, hooks, fetchers) imports server code
// only for types; a server component that must read server state is named *.server.tsx.
const CLIENT_CODE = ["components/**", "lib/client/**", "modules/*/components/**", "modules/*/client/**"].map(
  (dir) => `${dir}/*.{ts,tsx}`,
);
// Shared infrastructure never depends on a capability module; the job wiring is the composition root
// that may. The relay may import only the few module entries below.
const INFRASTRUCTURE = ["lib/**/*.{ts,tsx}", "server/**/*.ts"];
const RELAY = ["relay/**"];
const COMPOSITION_ROOTS = [...RELAY, "server/cluster/jobs.ts", "server/main.ts"];
const RELAY_MODULE_ENTRIES = [
  // The admin's model mapping: one parser for the settings form (validation, preview) and the router.
  "settings/server",
  // GET /api/usage/token and /api/log/token (answered with the sk- token, on the relay's auth):
  // the same balance and log queries the console's token pages use.
  "tokens/server",
  "logs/server",
];
// Any import of modules/ (aliased or relative) but those entries (a gitignore-style "!" cannot
// re-include a file under an excluded folder, hence a regex).
const RELAY_MODULE_IMPORTS = `^(@/|(\\.\\.?/)+)modules/(?!(${RELAY_MODULE_ENTRIES.join("|")})$)`;
const noAppImports = { group: ["@/app/**"], message: "Routes import modules, never the other way round." };
// The wire contract (issue 38 item 4): a console fetcher takes its answer type from the route it calls
// (`import type { GetTokensAnswer } from "@/app/api/token/route"`), so no hand-written copy can drift.
// Nothing else of app/ is imported, and a route file only as a type (it is server code).
const clientAppImports = [
  { regex: "^@/app/(?!api/(.+/)?route$)", message: noAppImports.message },
  {
    regex: "^@/app/api/(.+/)?route$",
    allowTypeImports: true,
    message: "Client code imports a route only for its answer type (import type { …Answer }).",
  },
];

// Doors between modules (README "Architecture"): a module that others use exposes server/index.ts (the
// verbs other server code may call) and/or client/index.ts (its hooks, query keys, types); another
// module imports it only through those two paths, so its inside can change without touching the
// callers. Shared infrastructure (lib/, components/) imports no module at all; app/ holds the modules'
// routes and imports them freely.
const MODULES = fs
  .readdirSync(new URL("./modules", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Any import of a module other than `own` but through its door (a relative path never reaches one). */
const moduleDoorRule = (own) => ({
  regex: `^(@/modules/(?!${own}/)[^/]+(/(?!(server|client)$).*)?|(\\.\\.?/)+(modules/)?(?!${own}/)(${MODULES.join("|")})(/.*)?)$`,
  message: `Modules import each other only through their doors, @/modules/<other>/server or @/modules/<other>/client (eslint.config.mjs). Move what others need behind the door, or down into lib/ or components/.`,
});
const noModuleImports = {
  group: ["@/modules/**", "**/modules/**"],
  message: "Shared components (components/) are the kit every module builds on: they import no module.",
};
const clientImportsServerTypesOnly = {
  group: ["@/lib/server/**", "@/modules/*/server", "@/modules/*/server/**", "**/server/**", "server-only"],
  allowTypeImports: true,
  message: "Client code imports server code only for types (import type).",
};

// The relay's stages in the order a request walks them (tasks, the Midjourney/Suno endpoints, sit at
// the endpoints' level). A stage file imports the kernel, lib/, its own stage, later stages and
// vendors, never an earlier stage; relay/public.ts (the console's door) may import any stage.
const RELAY_TESTS = ["relay/**/*.test.ts"];
const RELAY_STAGES = [
  ["entry"],
  ["auth"],
  ["routing"],
  ["endpoints", "tasks"],
  ["upstream"],
  ["streaming"],
  ["settle"],
];
/** The relay's import rule with the module-entry and app rules every relay file keeps, plus `extra`. */
const relayImportRules = (extra) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    {
      paths: [noNextLink],
      patterns: [
        noAppImports,
        {
          regex: RELAY_MODULE_IMPORTS,
          message: "The relay imports capability modules only through the entries listed in eslint.config.mjs.",
        },
        // The stage-order rules below read @/relay/ paths; a relative path would slip past them.
        {
          regex: "^(\\.\\./)+(?!\\.\\./|modules/)",
          message: "Import other relay folders through @/relay/..., not a relative path.",
        },
        ...extra,
      ],
    },
  ],
});
// Links go through AppLink, which turns off viewport prefetch (why: components/ui/app-link.tsx).
const noNextLink = { name: "next/link", message: "Use AppLink from @/components/ui/app-link (no prefetch)." };

export default defineConfig([
  globalIgnores([
    "lib/generated/**",
    ".next/**",
    "node_modules/**",
    "test-results/**",
    "coverage/**",
    "data/**",
    "next-env.d.ts",
  ]),
  ...nextVitals,
  ...nextTs,
  prettier,
  {
    rules: {
      // `_unused` names are deliberate (e.g. dropping a field with rest destructuring).
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    ignores: PROCESS_ENV_ALLOWED,
    rules: {
      // Also reports `const { env } = process` and `process["env"]`.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through env() from lib/env.ts." },
      ],
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: ["app/**", "__tests__/**", "test-support/**", "scripts/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [noNextLink], patterns: [noAppImports] }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "@typescript-eslint/no-restricted-imports": ["error", { paths: [noNextLink] }] },
  },
  {
    files: CLIENT_CODE,
    ignores: ["**/*.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [noNextLink],
          patterns: [...clientAppImports, clientImportsServerTypesOnly],
        },
      ],
    },
  },
  // Later blocks replace the rule's options for their files, so each one carries the full list.
  ...MODULES.flatMap((own) => [
    {
      files: [`modules/${own}/**/*.{ts,tsx}`],
      rules: {
        "@typescript-eslint/no-restricted-imports": [
          "error",
          { paths: [noNextLink], patterns: [noAppImports, moduleDoorRule(own)] },
        ],
      },
    },
    {
      files: [`modules/${own}/components/**/*.{ts,tsx}`, `modules/${own}/client/**/*.{ts,tsx}`],
      ignores: ["**/*.server.tsx"],
      rules: {
        "@typescript-eslint/no-restricted-imports": [
          "error",
          { paths: [noNextLink], patterns: [...clientAppImports, moduleDoorRule(own), clientImportsServerTypesOnly] },
        ],
      },
    },
  ]),
  // A module's tests (beside its code, or its API tests in modules/<m>/__tests__/) keep the doors: they
  // import their own module freely and another module only through its door, so the module moves or
  // goes with its tests. They are no client code and call route handlers as Next does, so neither the
  // client rules nor the "no app/ imports" rule applies to them.
  ...MODULES.map((own) => ({
    files: [`modules/${own}/**/*.test.{ts,tsx}`, `modules/${own}/__tests__/**`],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [noNextLink], patterns: [moduleDoorRule(own)] }],
    },
  })),
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [noNextLink], patterns: [noAppImports, noModuleImports, clientImportsServerTypesOnly] },
      ],
    },
  },
  {
    files: ["components/**/*.server.tsx"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { paths: [noNextLink], patterns: [noAppImports, noModuleImports] },
      ],
    },
  },
  {
    files: INFRASTRUCTURE,
    ignores: COMPOSITION_ROOTS,
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [noNextLink],
          patterns: [
            noAppImports,
            { group: ["@/modules/**"], message: "Shared infrastructure must not depend on a capability module." },
          ],
        },
      ],
    },
  },
  {
    // Plain Node scripts (bench, build, start): a name used without its import is found here, not at
    // the end of a 20-minute bench run. Their globals are Node's own, read from this Node.
    files: ["scripts/**/*.mjs"],
    languageOptions: {
      globals: Object.fromEntries(Object.getOwnPropertyNames(globalThis).map((name) => [name, "readonly"])),
    },
    rules: { "no-undef": "error" },
  },
  { files: RELAY, rules: relayImportRules([]) },
  // The stage order is the runtime graph's; a test beside a vendor's code may drive it through a stage.
  // Later blocks replace the rule's options for their files, so each one carries the full list.
  ...RELAY_STAGES.flatMap((level, i) =>
    level.map((stage) => ({
      files: [`relay/${stage}/**`],
      ignores: RELAY_TESTS,
      rules: relayImportRules([
        {
          regex: `^@/relay/(${[...RELAY_STAGES.slice(0, i).flat(), "public"].join("|")})(/|$)`,
          message: `Relay stages only go forward (${RELAY_STAGES.map((l) => l.join("/")).join(" → ")}): relay/${stage} imports none before it, nor public.ts. Move what both need to relay/kernel/, or let the caller pass it.`,
        },
      ]),
    })),
  ),
  {
    files: ["relay/kernel/**"],
    ignores: RELAY_TESTS,
    rules: relayImportRules([
      {
        regex: "^@/relay/(?!kernel/)",
        message:
          "relay/kernel/ imports nothing of the relay outside the kernel (lib/ is fine): stages and vendors build on it.",
      },
    ]),
  },
  {
    files: ["relay/vendors/**"],
    ignores: RELAY_TESTS,
    rules: relayImportRules([
      {
        regex: "^@/relay/(?!kernel/|vendors(/|$))",
        message:
          "relay/vendors/ is a plugin layer under every stage: it imports only relay/kernel/ (and other vendors).",
      },
    ]),
  },
]);
