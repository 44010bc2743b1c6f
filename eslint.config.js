import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'
import { readdirSync } from 'node:fs'

// Import direction: shared code (components, lib, db, sync) → features → the app (app, routes).
// Within shared code, lib is the lowest (supabase client, session): db builds on it, components
// on both. Features never import each other; sync/ imports nothing from src/ or supabase/;
// supabase/ imports nothing from src/ (the contracts both sides share live in sync/contract/);
// edge functions never import the local host, which only stands in for Supabase around them.
// The features are the folders of src/features, so a new one is guarded from its first file.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const zones = [
  {
    target: './sync',
    from: ['./src', './supabase'],
    message: 'sync/ is the shared contract: it imports nothing from src/ or supabase/.',
  },
  {
    target: ['./src/components', './src/lib', './src/db'],
    from: ['./src/features', './src/app', './src/routes'],
    message: 'Shared code must not import features or the app.',
  },
  {
    target: './sync/contract',
    from: ['./sync/engine', './sync/rules'],
    except: [],
    message:
      'The contract is the base of sync/: the engine and the rules build on it, not the other way.',
  },
  {
    target: './src/lib',
    from: ['./src/db', './src/components'],
    message: 'lib is the lowest shared layer: db and components build on it, not the other way.',
  },
  {
    target: './src/db',
    from: './src/components',
    message: 'The database layer does not import components.',
  },
  {
    target: './supabase/functions',
    from: './supabase/local',
    message:
      'Edge functions run on Supabase: they never import the local host, which serves them locally.',
  },
  {
    target: './src/features',
    from: ['./src/app', './src/routes'],
    message: 'Features must not import the app layer.',
  },
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'Features never import each other; compose them in routes.',
  })),
  { target: './src', from: './supabase', message: 'The browser app does not import server code.' },
  {
    target: './supabase',
    from: './src',
    message:
      'Server code does not import the browser app: what both need lives in sync/ (e.g. sync/contract/commands/).',
  },
]

export default tseslint.config(
  {
    ignores: [
      'dist',
      'node_modules',
      'src/routeTree.gen.ts',
      '.tmp',
      'test-results',
      'playwright-report',
      '.data',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginRouter.configs['flat/recommended'],
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: {
      // Resolves the import aliases through tsconfig.json `paths` (`@/` is src/, `@sync/` is
      // sync/), so the zones above judge an aliased import by the file it reaches.
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ alwaysTryTypes: true, project: './tsconfig.json' }),
      ],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // The contract is reached by its alias (a relative path here would climb out of the area).
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'supabase/functions/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../**/sync/*', '../**/sync/**/*'],
              message: 'Import sync/ through its alias: @sync/…',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['supabase/functions/**/*.ts'],
    languageOptions: { globals: { Deno: 'readonly' } },
  },
)
