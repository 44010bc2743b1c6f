import { readFileSync } from 'node:fs'

/** The version the built app runs: package.json's, as vite.config.ts gives it to the build. */
export const appVersion: string = JSON.parse(
  readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
).version

/** A version after the running one (its last number one higher). */
export const nextVersion = appVersion.replace(/(\d+)$/, (n) => String(Number(n) + 1))
