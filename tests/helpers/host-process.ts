// The local host as its own process, the way `npm start` runs it, so a test can kill it (SIGKILL,
// as a power cut would) and start it again on the same data.
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Starts the host on `port` with PGlite in `dataDir`, or on `databaseUrl`; resolves when up. */
export async function startHostProcess(
  port: number,
  dataDir: string,
  databaseUrl?: string,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'supabase/local/main.ts', '--port', String(port), '--data', dataDir],
    {
      env: { ...process.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  let out = ''
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`host did not start:\n${out}`)), 120_000)
    child.stdout!.on('data', () => {
      if (out.includes('Press Ctrl-C to stop.')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`host exited with ${code}:\n${out}`))
    })
  })
  return child
}

/** Kills the host at once (SIGKILL) and waits until it is gone. */
export const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.on('exit', () => resolve())
    child.kill('SIGKILL')
  })

/** Stops the host and waits until it has exited, so its data folder is no longer written. */
export const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.on('exit', () => {
      clearTimeout(force)
      resolve()
    })
    child.kill('SIGTERM')
  })
