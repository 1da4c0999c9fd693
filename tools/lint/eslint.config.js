// The project's lint rules. This package has its own typescript (5.x) because typescript-eslint's
// parser needs the classic compiler API, which the project's typescript 7 no longer ships; see
// docs/decisions/2026-12-02-lint-format-and-boundaries.md. The root eslint.config.js re-exports this file.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * The layers and what each may not import (paths from the repository root). The PWA is src/ and
 * sw/, the API is server/; they meet only in contract/.
 */
const zones = [
  {
    target: './src/ui',
    from: ['./src/features', './src/app', './src/routes', './src/routeTree.gen.ts', './src/router.tsx'],
    message: 'The UI kit knows no feature, page or route: pass what it needs as props.',
  },
  {
    target: './src/lib',
    from: ['./src/ui', './src/features', './src/app', './src/routes', './src/routeTree.gen.ts', './src/router.tsx'],
    message: 'src/lib holds framework-free helpers: it imports no component, feature or route.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/routes', './src/routeTree.gen.ts', './src/router.tsx'],
    message:
      'Features do not import the app frame, routes or the generated route tree: the frame composes features, and links use the router’s registered types.',
  },
  {
    target: './src/app',
    from: ['./src/routes', './src/routeTree.gen.ts', './src/router.tsx'],
    message: 'The app frame (layouts, top bar, sidebar, route states) composes features; routes import it, not the other way round.',
  },
  {
    target: ['./src', './sw'],
    from: ['./server', './tests', './scripts'],
    message: 'The PWA and the API share only contract/.',
  },
  {
    target: './sw',
    from: './src',
    // The outbox's store, replay and wire format are plain IndexedDB and fetch: the worker replays the
    // same outbox as the pages (Background Sync), so it shares these three modules.
    except: ['./lib/outbox/store.ts', './lib/outbox/replay.ts', './lib/outbox/http.ts'],
    message: 'The service worker is built on its own: it shares only contract/ and the outbox store with the pages.',
  },
  {
    target: './server',
    from: ['./src', './sw', './tests'],
    message: 'The API and the PWA share only contract/.',
  },
  {
    target: './contract',
    from: ['./src', './sw', './server', './tests', './scripts'],
    message: 'contract/ is shared by the PWA and the API: it imports only valibot and itself.',
  },
]

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'styled-system/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'data/**',
      'src/routeTree.gen.ts',
      'src/locales/*/*.ts',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    plugins: { 'import-x': importX },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Read TypeScript modules when following imports (for the layer zones).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [path.join(root, 'tsconfig.json'), path.join(root, 'sw/tsconfig.json')],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // Import circles (type-only imports included, which this plugin's no-cycle skips) and the
      // boundaries between features are checked on the whole graph by ./import-graph.mjs.
      'import-x/no-self-import': 'error',
      // The explicit anys left are the libraries' own placeholders for a value type that differs per
      // item (TanStack Table's ColumnDef<Row, any> per column, modular-forms' stores of any form) and
      // JSON poked at in tests; `unknown` there fails the libraries' variance checks.
      '@typescript-eslint/no-explicit-any': 'off',
      // Input is checked for control characters on purpose (contract/common.ts, file names), which
      // is what this rule exists to flag as a likely mistake.
      'no-control-regex': 'off',
      // Unused names are the compiler's job (noUnusedLocals, noUnusedParameters); the lint rule
      // only adds the convention that a leading underscore marks a deliberately unused one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    // The rules of hooks and complete effect dependencies, in the PWA's components and hooks. The
    // plugin's other rules check code written for the React Compiler, which the portal does not use
    // (they refuse refs read during render, as the form fields and lists do on purpose).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Route files do HTTP only: reads and writes live in the resource's data module
    // (server/<resource>/queries.ts), which the route calls.
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Route files do HTTP only: put the query in server/<resource>/queries.ts.' }],
          patterns: [{ regex: '/db/schema$', message: 'Route files do HTTP only: put the query in server/<resource>/queries.ts.' }],
        },
      ],
    },
  },
  {
    // Services and data modules do not depend on route files (only server/app.ts mounts them).
    files: ['server/**/*.ts'],
    ignores: ['server/routes/**', 'server/app.ts', 'server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)routes/', message: 'Only server/app.ts imports route files.' }] }],
    },
  },
  {
    // A server module's own tests may use the API test harness.
    files: ['server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: root, zones: zones.map((zone) => (zone.target === './server' ? { ...zone, from: ['./src', './sw'] } : zone)) },
      ],
    },
  },
  {
    // contract/ is shared by both sides: valibot is its only package (vitest in its own tests).
    files: ['contract/**/*.ts'],
    ignores: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!valibot$|\\./)',
              message: 'contract/ imports only valibot and its own modules.',
            },
          ],
        },
      ],
    },
  },
)
