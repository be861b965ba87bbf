// ESLint flat config: Next's core-web-vitals + TypeScript rules, Prettier owns formatting.
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";

// Configuration is validated once in lib/env.ts; everything else asks env() so a bad setting fails
// at boot with one clear message. Scripts, tests and tool configs run outside the app and may read it.
const PROCESS_ENV_ALLOWED = [
  "lib/env.ts",
  "scripts/**",
  "prisma.config.ts",
  "__tests__/**",
  "jest.config.*",
  "eslint.config.mjs",
  "next.config.mjs",
];

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
]);
