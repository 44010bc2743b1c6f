import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// The app's version comes from package.json, as in the build (vite.config.ts).
const define = {
  __APP_VERSION__: JSON.stringify(
    JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version,
  ),
}

// The import aliases of tsconfig.json and vite.config.ts: `@/` is src/, `@sync/` is sync/.
const resolve = {
  alias: [
    { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
    { find: /^@sync\//, replacement: fileURLToPath(new URL('./sync/', import.meta.url)) },
  ],
}

// Three projects: pure rules and server code in Node, components in jsdom, and the
// database/host/replication suites, which start PGlite or the local host, with generous
// timeouts. Each database file has databases of its own (a PGlite in its worker, a new database
// on the server) and its hosts listen on ports of their own.
//
// Two files at a time at least: vitest's default is one worker fewer than the cores, which is one
// on a two-core machine. There, two workers took the whole suite (13,447 tests, with PostgreSQL)
// from 765 s to 505 s, run one after the other on the same idle machine: the database files wait
// on the server and on their hosts' requests as much as they compute.
const workers = Math.max(2, availableParallelism() - 1)

export default defineConfig({
  // package.json's version, for every project (each extends this root config).
  define,
  test: {
    maxWorkers: workers,
    projects: [
      {
        extends: true,
        resolve,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'sync/**/*.test.ts',
            'supabase/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        plugins: [react()],
        extends: true,
        resolve,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
          // Screens open an in-memory database and are driven like a person would, click by click;
          // on two busy cores a long one takes over half a minute.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        resolve,
        test: {
          name: 'db',
          environment: 'node',
          include: [
            'tests/sql/**/*.test.ts',
            'tests/host/**/*.test.ts',
            'tests/replication/**/*.test.ts',
            'tests/security/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
