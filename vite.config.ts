import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { constants } from 'node:zlib'
import { centreDefaults } from './sync/contract/centre-defaults.ts'
import { prerenderPublicPages } from './scripts/prerender.ts'
import { currentPlan, groupFiles, offlineGroupsPlugin } from './scripts/offline-groups.ts'
import { scrollAreaRefsPlugin } from './scripts/scroll-area-refs.ts'
import { visualizer } from 'rollup-plugin-visualizer'

// Each build gets an id; the running app polls /builds/latest.json for it to learn that a
// newer build was published (the hourly update check).
const buildId = new Date().toISOString().replace(/[-:.TZ]/g, '')

// The app's version is package.json's, given to the app at build time (footer, the
// x-app-version header, the version alert): a release changes it there only.
export const appVersion: string = JSON.parse(
  readFileSync(new URL('./package.json', import.meta.url), 'utf8'),
).version

// Imports name what they reach: `@/` is src/, `@sync/` is sync/ (tsconfig.json `paths` too).
export const aliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@sync\//, replacement: fileURLToPath(new URL('./sync/', import.meta.url)) },
]

function latestBuildFile(): Plugin {
  return {
    name: 'latest-build-file',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'builds/latest.json',
        source: JSON.stringify({ id: buildId }),
      })
    },
  }
}

// Which source modules each chunk holds (.vite/chunk-modules.json, beside Vite's manifest): the
// route budget check (scripts/route-budgets.ts) proves staff-only code stays out of a parent's
// download with it.
function chunkModulesFile(): Plugin {
  let root = process.cwd()
  return {
    name: 'chunk-modules-file',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        modules[chunk.fileName] = chunk.moduleIds
          .filter((id) => id.startsWith(root + '/'))
          .map((id) => id.slice(root.length + 1))
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: JSON.stringify(modules),
      })
    },
  }
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_')
  const name = env.VITE_CENTRE_NAME ?? centreDefaults.name
  const shortName = env.VITE_CENTRE_SHORT_NAME ?? centreDefaults.shortName
  const tagline = env.VITE_CENTRE_TAGLINE ?? centreDefaults.tagline
  return {
    define: {
      __BUILD_ID__: JSON.stringify(buildId),
      __APP_VERSION__: JSON.stringify(appVersion),
    },
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true, quoteStyle: 'single' }),
      react(),
      latestBuildFile(),
      chunkModulesFile(),
      offlineGroupsPlugin(),
      scrollAreaRefsPlugin(),
      {
        name: 'centre-identity-in-html',
        transformIndexHtml: (html) =>
          html.replaceAll('%CENTRE_NAME%', name).replaceAll('%CENTRE_TAGLINE%', tagline),
      },
      VitePWA({
        strategies: 'generateSW',
        filename: 'sw.js',
        scope: '/',
        // The app registers the worker itself (src/app/pwa) to drive the update flow.
        injectRegister: false,
        registerType: 'prompt',
        includeAssets: ['icons/icon.svg', 'icons/apple-touch-icon.png', 'robots.txt'],
        manifest: {
          name,
          short_name: shortName,
          description: tagline,
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#2f6b3a',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png,ico,woff2}'],
          // Prerendered pages are for first visits; the worker answers navigations with the shell.
          globIgnores: ['prerendered/**'],
          // The shell and the public pages only: each dashboard's code is kept by the devices of
          // those who use it, once they have signed in (scripts/offline-groups.ts, issue 36).
          importScripts: ['sw-keep.js'],
          manifestTransforms: [
            async (entries) => {
              const plan = currentPlan()
              if (!plan) throw new Error('the offline groups were not planned before the worker')
              const kept = groupFiles(plan)
              return { manifest: entries.filter((e) => !kept.has(e.url.replace(/^\//, ''))) }
            },
          ],
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [
            /^\/(auth|rest|storage|functions|realtime)\/v1\//,
            /^\/builds\//,
          ],
          cleanupOutdatedCaches: true,
          // The first worker takes the open page as soon as it has kept the app, so a screen
          // opened offline in the first minutes comes from the device (a new build still waits
          // for the next navigation: skipWaiting stays off).
          clientsClaim: true,
          skipWaiting: false,
        },
      }),
      // Brotli and gzip copies of every text file beside it (x.js.br, x.js.gz), made once at
      // build time at the highest levels, for the host to send as they are. Pages are left
      // out: the host adds its key to them and compresses them as it sends them.
      compression({
        include: /\.(js|mjs|css|json|svg|webmanifest|txt|xml)$/,
        algorithms: [
          defineAlgorithm('brotliCompress', {
            params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
          }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        threshold: 512,
        logLevel: 'silent',
      }),
      prerenderPublicPages(),
      // What each chunk carries, module by module (the benchmark build asks for it).
      !!process.env.BUNDLE_REPORT &&
        visualizer({
          filename: process.env.BUNDLE_REPORT,
          template: process.env.BUNDLE_REPORT.endsWith('.json') ? 'raw-data' : 'treemap',
          gzipSize: true,
          brotliSize: true,
        }),
    ],
    resolve: { alias: aliases },
    // The manifest tells the route budget check (and the benchmarks) what each route loads.
    build: {
      target: 'es2022',
      sourcemap: false,
      manifest: true,
      rolldownOptions: {
        output: {
          advancedChunks: {
            groups: [
              // The shell's small shared helpers (clock, dates, session claims, the centre's
              // identity) travel as one file, not as a dozen of a few hundred bytes each: every
              // file costs a request and its own wrapper, and on 2g the requests dominate.
              {
                name: 'shell',
                test: /[\\/]src[\\/](lib[\\/](time|auth[\\/](claims|types))|app[\\/]router-context)|[\\/]sync[\\/]contract[\\/](constants|centre-defaults)/,
                includeDependenciesRecursively: false,
              },
              // supabase-js's parts the app loads on first use (src/lib/backend-client.ts), named.
              { name: 'realtime', test: /[\\/]@supabase[\\/](realtime-js|phoenix)[\\/]/ },
              { name: 'storage', test: /[\\/]@supabase[\\/]storage-js[\\/]/ },
            ],
          },
        },
      },
    },
    server: { port: 5173 },
  }
})
