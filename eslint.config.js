import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import rules, combined per folder below (ESLint replaces, not merges, a rule's options).
const NO_ALIASES = { group: ["~/*", "@/*"], message: "One import style: relative paths (no aliases)." };
const noServerCode = (message) => ({ group: ["**/worker/**", "**/db/**", "hono", "hono/*"], message });
const restrictImports = (...patterns) => ["error", { patterns: [...patterns, NO_ALIASES] }];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      ".wrangler/",
      "node_modules/",
      "worker-configuration.d.ts",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-restricted-imports": restrictImports({
        group: ["**/worker/api/*", "hono", "hono/*"],
        message: "app/ and services must not depend on Hono or the API layer.",
      }),
    },
  },
  {
    files: ["worker/app.ts", "worker/index.ts", "worker/edge-cache.ts", "worker/api/**", "worker/types.ts", "tests/**"],
    rules: { "no-restricted-imports": "off" },
  },
  {
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": restrictImports(
        noServerCode("app/lib is pure and isomorphic: it imports nothing from worker/ or db/."),
      ),
    },
  },
  {
    files: ["app/components/**"],
    rules: {
      "no-restricted-imports": restrictImports(
        noServerCode("Components render what loaders give them: no server code (worker/, db/) in app/components."),
      ),
    },
  },
  {
    files: ["app/routes/**", "app/server/**"],
    ignores: ["app/server/form.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "CallExpression[callee.property.name=/^(formData|json|text|arrayBuffer)$/][callee.object.name='request']",
          message:
            "Read a page action's body with readForm (app/server/form.server.ts): it answers bad bodies with a 4xx instead of a 500.",
        },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
