import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Three projects: pure rules and server code in Node, components in jsdom, and the
// database/host/replication suites, which start PGlite or the local host and so run
// one file at a time with generous timeouts.
export default defineConfig({
  test: {
    projects: [
      {
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
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
          // Screens open an in-memory database and are driven like a person would, click by click.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          environment: 'node',
          include: [
            'tests/sql/**/*.test.ts',
            'tests/host/**/*.test.ts',
            'tests/replication/**/*.test.ts',
            'tests/security/**/*.test.ts',
          ],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
