import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// Import rules, combined per folder below (ESLint replaces, not merges, a rule's options).
const NO_ALIASES = { group: ["~/*", "@/*"], message: "One import style: relative paths (no aliases)." };
const noServerCode = (message) => ({ group: ["**/worker/**", "**/db/**", "hono", "hono/*"], message });
const restrictImports = (...patterns) => ["error", { patterns: [...patterns, NO_ALIASES] }];
// ADR 032: a length limit is shown (LengthCount) and refused by the server, never cut by the browser.
const NO_MAXLENGTH = {
  selector: "JSXAttribute[name.name=/^maxlength$/i]",
  message: "No maxLength: it cuts what people type. Show the limit with LengthCount (ADR 032).",
};

// The service layer serves both doors and speaks neither's language: it returns data (and the
// headers a door should send); worker/api/ and app/routes/ build the HTTP answer.
const SERVICES_NO_HONO = {
  // worker/services/<feature>/x.ts reaches the doors as ../../api/… (../../../ from internal/).
  group: ["hono", "hono/*", "**/worker/api/*", "**/worker/middleware/*", "../../api/*", "../../middleware/*"],
  message: "A service serves both doors: no Hono, API or middleware imports in worker/services/.",
};
const SERVICE_BUILDS_NO_RESPONSE =
  "A service returns data and headers; the door (worker/api, app/routes) builds the Response.";
const NO_RESPONSE = [
  { selector: "NewExpression[callee.name='Response']", message: SERVICE_BUILDS_NO_RESPONSE },
  {
    selector: "CallExpression[callee.object.name='Response'][callee.property.name=/^(json|redirect|error)$/]",
    message: SERVICE_BUILDS_NO_RESPONSE,
  },
];

// Comments name the rule or its ADR, never the issue that asked for it: a newcomer cannot see the
// issues, and the rule outlives them.
const ISSUE_REFERENCE = /\bissue\s+#?\d+/i;
const house = {
  rules: {
    "no-issue-reference": {
      meta: { type: "suggestion", messages: { issue: "Name the rule or its ADR, not the issue number." } },
      create(context) {
        return {
          Program() {
            for (const comment of context.sourceCode.getAllComments()) {
              if (ISSUE_REFERENCE.test(comment.value)) context.report({ loc: comment.loc, messageId: "issue" });
            }
          },
        };
      },
    },
  },
};

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
      ".tmp/",
      // Portman's working files (the contract run: scripts/contract.mjs).
      "tmp/",
      // Generated from docs/api/openapi.json by openapi-typescript (npm run api:types).
      "tests/shared/api-types.ts",
      // Files that break one rule each, for tests/unit/lint-rules.test.ts.
      "tests/fixtures/lint/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs,cjs}"],
    plugins: { house },
    rules: { "house/no-issue-reference": "error" },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling table is a focusable region so keyboard users can scroll it (axe's
      // scrollable-region-focusable); the choice cards nest their text a few levels deep.
      "jsx-a11y/no-noninteractive-tabindex": ["error", { roles: ["tabpanel", "region"] }],
      "jsx-a11y/label-has-associated-control": ["error", { depth: 4 }],
      // Safari drops the list semantics of a `list-style: none` list unless the role is explicit.
      "jsx-a11y/no-redundant-roles": ["error", { ul: ["list"] }],
    },
  },
  {
    // Type-aware rules where a mistake is silent at runtime: a promise nobody awaits, a promise
    // where a callback belongs, a switch that misses a case of a union.
    files: ["**/*.{ts,tsx}"],
    ignores: ["tests/e2e/**", "*.config.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
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
    files: [
      "worker/app.ts",
      "worker/index.ts",
      "worker/edge-cache.ts",
      "worker/middleware/**",
      "worker/api/**",
      "worker/types.ts",
      "tests/**",
    ],
    rules: { "no-restricted-imports": "off" },
  },
  {
    // The pure core: itself and valibot only (.dependency-cruiser.cjs holds the same rule for the
    // whole graph, with the cycle check).
    files: ["domain/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!\\.\\.?/|valibot$)",
              message: "domain/ is pure: it imports only itself and valibot.",
            },
            { group: ["../../*", "!../../domain/*"], message: "domain/ is pure: it imports only itself and valibot." },
            NO_ALIASES,
          ],
        },
      ],
    },
  },
  {
    files: ["worker/services/**"],
    rules: { "no-restricted-imports": restrictImports(SERVICES_NO_HONO) },
  },
  {
    // A download goes through worker/download.ts `downloadResponse` at the door.
    files: ["worker/services/**", "worker/ai/**", "worker/mail/**"],
    rules: { "no-restricted-syntax": ["error", ...NO_RESPONSE] },
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
    files: ["app/**/*.tsx"],
    rules: { "no-restricted-syntax": ["error", NO_MAXLENGTH] },
  },
  {
    files: ["app/routes/**", "app/server/**"],
    ignores: ["app/server/form.server.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        NO_MAXLENGTH,
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
    // One logger (ADR 056): every line the Worker and the pages write goes through logLine, which
    // writes JSON and scrubs addresses and tokens. Scripts, tests and seeds may print.
    files: ["worker/**", "app/**"],
    ignores: ["worker/observability/log.ts"],
    rules: { "no-console": "error" },
  },
  {
    files: [".dependency-cruiser.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
  {
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
);
