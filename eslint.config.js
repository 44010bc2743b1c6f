import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import pluginRouter from '@tanstack/eslint-plugin-router'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'

// Import direction (CONVENTIONS.md): shared (components, lib, db, sync) → features → app
// (app, routes). Features never import each other; sync/ imports nothing from src/ or supabase/,
// and supabase/ imports nothing from src/ (the contracts both sides share live in sync/).
const features = [
  'public',
  'accounts',
  'timetable',
  'reference',
  'members',
  'files',
  'mailer',
  'system-log',
  'admissions',
  'whatsapp',
  'families',
  'fees',
]
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
      'Server code does not import the browser app: what both need lives in sync/ (e.g. sync/commands/).',
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
