import { spawn } from 'node:child_process'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../..')
const entry = path.join(root, 'server', 'index.ts')

export interface LogLine {
  level: string
  msg: string
  [field: string]: unknown
}

/**
 * Starts the real server (server/index.ts) as its own process on a free loopback port, with only the
 * given environment (nothing leaks in from the test run), and waits for its "listening" line.
 */
export async function startServerProcess(env: Record<string, string>) {
  // One process (node with tsx's loader), so a signal reaches the server itself, not a wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  })
  const logs: LogLine[] = []
  let stderr = ''
  child.stderr.on('data', (d) => (stderr += d))
  const url = await new Promise<string>((resolve, reject) => {
    let buffer = ''
    const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${stderr}`)), 120_000)
    child.stdout.on('data', (chunk) => {
      buffer += chunk
      let newline: number
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, newline)
        buffer = buffer.slice(newline + 1)
        let parsed: LogLine
        try {
          parsed = JSON.parse(line)
        } catch {
          continue
        }
        logs.push(parsed)
        const match = /^listening on (http:\/\/\S+)$/.exec(parsed.msg)
        if (match) {
          clearTimeout(timer)
          resolve(match[1])
        }
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}: ${stderr}`))
    })
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return {
    url,
    logs,
    stderr: () => stderr,
    /** SIGTERM, then the exit code. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      return exited
    },
    /** SIGKILL: the process dies at once, wherever it is, as in a power cut. */
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
      await exited
    },
  }
}

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>
