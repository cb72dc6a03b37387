// Type-aware lint rules that catch what the compiler does not: floating promises, promises
// passed where a callback's result is ignored, `any`, and the layering rule that only
// repositories reach the database.
import tseslint from "typescript-eslint";

/** Code that may not touch the database itself: it goes through repositories (docs/architecture.md). */
const NO_DATABASE = {
  paths: [],
  patterns: [
    {
      group: ["**/generated/prisma/**", "**/generated/prisma"],
      message: "Only repositories (*-repository.ts) and src/db may use the Prisma client.",
    },
    {
      group: ["**/db/client.js", "**/db/client"],
      message: "Only repositories (*-repository.ts) and src/db may use the database handle.",
      allowTypeImports: true,
    },
    { group: ["@prisma/*"], message: "Only src/db may create Prisma clients." },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "**/src/generated/**",
      "**/*.js",
      "**/*.mjs",
      "**/*.cjs",
      "**/playwright-report/**",
      "**/test-results/**",
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": [
        "error",
        { checksVoidReturn: { arguments: false, attributes: false } },
      ],
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/only-throw-error": "off",
    },
  },
  {
    // Test assertions read untyped JSON bodies from supertest and parsers.
    files: ["**/test/**", "**/*.test.ts", "**/*.test.tsx", "**/e2e/**", "**/bench/**"],
    rules: {
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-return": "off",
    },
  },
  {
    // Routers, services, bindings (hooks), the kernel's engine and jobs reach the database only through repositories.
    // The seeds (src/seed) fill an empty database wholesale, as src/db opens it.
    files: ["apps/api/src/**/*.ts"],
    ignores: [
      "apps/api/src/**/*-repository.ts",
      "apps/api/src/db/**",
      "apps/api/src/seed/**",
      "apps/api/src/kernel/model-types.ts",
      "apps/api/src/main.ts",
      "apps/api/src/worker.ts",
    ],
    rules: {
      "no-restricted-imports": ["error", NO_DATABASE],
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[property.name=/^\\$(transaction|queryRaw|executeRaw|queryRawUnsafe|executeRawUnsafe)$/]",
          message:
            "Raw SQL and transactions belong in repositories (the kernel opens one transaction per write).",
        },
      ],
    },
  },
);
