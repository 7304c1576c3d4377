import js from '@eslint/js';
import fs from 'node:fs';
import path from 'node:path';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import localRules from './eslint-rules/no-thenable-result.js';

const root = import.meta.dirname;
const WEB_FEATURES = 'apps/web/src/features';

/**
 * One zone per feature folder: its files may import from no other feature (DEVELOPERS.md,
 * code style).
 */
const featureZones = fs
  .readdirSync(path.join(root, WEB_FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `./${WEB_FEATURES}/${name}`,
    from: `./${WEB_FEATURES}`,
    except: [`./${name}`],
    message: 'Features never import each other; share through components/ or lib/.',
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The server side, with type information: promises that nobody waits for, a promise where a
    // value is expected, and a Fastify reply awaited or answered as a value
    // (eslint-rules/no-thenable-result.js, issue 41).
    files: ['apps/api/**/*.ts', 'apps/idp/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    plugins: { local: localRules },
    rules: {
      'local/no-thenable-result': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // A route reads: its declared access, a store of its area (`apps/api/src/lib/<area>/`), the
    // answer. Queries live in the stores, never in a route (issue 42; DEVELOPERS.md).
    files: ['apps/api/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^drizzle-orm(/.*)?$',
              message: "Routes query through their area's store in apps/api/src/lib/<area>/.",
            },
            {
              regex: '(^|/)db/schema(\\.ts|/.*)?$',
              message: "Routes query through their area's store in apps/api/src/lib/<area>/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The provider's page script runs in the browser.
    files: ['apps/idp/src/pages/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    plugins: { import: importPlugin },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      // Our imports name their `.ts`/`.tsx` files; the plugin reads them with the TS parser.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js'],
    },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/api/**', '@pp/api', '@pp/idp'],
              message: 'The web app talks to the api over HTTP only.',
            },
          ],
        },
      ],
      'import/no-restricted-paths': ['error', { basePath: root, zones: featureZones }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
