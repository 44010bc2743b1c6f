import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { VitePWA } from 'vite-plugin-pwa'
import { centreDefaults } from './sync/centre-defaults.ts'

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
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [
            /^\/(auth|rest|storage|functions|realtime)\/v1\//,
            /^\/builds\//,
          ],
          cleanupOutdatedCaches: true,
          clientsClaim: false,
          skipWaiting: false,
        },
      }),
    ],
    resolve: { alias: aliases },
    build: { target: 'es2022', sourcemap: false },
    server: { port: 5173 },
  }
})
