import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/",
      "functions/lib/",
      "**/dist/",
      ".toolchain/",
      "emulator-data/",
      "coverage/",
      "test-results/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
      eqeqeq: ["error", "always"],
      "no-console": "off",
    },
  },
  {
    // Type-aware: a promise nobody awaits or handles is a lost error on a money path (a payout request, a
    // recorded payment), and one handed where a void callback is expected runs unhandled.
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, "no-console": ["error", { allow: ["error", "warn"] }] },
  },
  {
    // The business rules are shared by the server and the browser: only the standard library, zod, and the
    // audited libraries that run in both (hashing, encodings, IP address classification).
    files: ["functions/src/domain/**/*.ts"],
    ignores: ["functions/src/domain/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!(zod|@noble/hashes|@scure/base|ipaddr\\.js|ibantools)($|/)|\\.{1,2}/)",
              message: "domain/ imports nothing but itself, zod, @noble/hashes, @scure/base, ipaddr.js and ibantools.",
            },
          ],
        },
      ],
    },
  },
  {
    // Collection paths are spelled in data/ only (data/firestore.ts's refs and the data module owning a
    // server-only collection): a service or route names what it wants from refs, never a path.
    files: ["functions/src/**/*.ts"],
    ignores: ["functions/src/data/**", "functions/src/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name=/^(collection|collectionGroup)$/]",
          message: "Collection paths are spelled in functions/src/data/ only: add a ref there (data/firestore.ts).",
        },
        {
          selector: "MemberExpression[object.name='refs'][property.name='internal']",
          message: "refs.internal is for tests and scripts: give the collection a named ref in data/firestore.ts.",
        },
      ],
    },
  },
  // web/src's layers point one way (docs/architecture.md "web/"): config/ and lib/ ← components/ ← features/ ← app/.
  // A feature imports no other feature and nothing from app/; components import neither.
  {
    files: ["web/src/lib/**/*.{ts,tsx}", "web/src/config/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(app|features|components)/",
              message: "lib/ and config/ are the bottom layer: they import no app/, features/ or components/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["web/src/components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "(^|/)(app|features)/",
              message: "components/ import neither features/ nor app/: move what they share into components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["web/src/features/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)app/", message: "features/ do not import app/ (paths are in config/, auth in lib/)." },
            {
              regex: "(^|/)features/",
              message: "A feature imports no other feature: share through components/ or lib/.",
            },
            {
              regex: "^\\.\\./(?!\\.\\./)",
              message: "A feature imports no other feature: move what they share into components/ or lib/.",
            },
          ],
        },
      ],
    },
  },
  {
    // Scripts stand on their own: what they share with the tests lives in scripts/lib/, never in tests/.
    files: ["scripts/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "(^|/)tests/", message: "Scripts do not import from tests/: share through scripts/lib/." },
          ],
        },
      ],
    },
  },
);
