#!/usr/bin/env node
// `npm run dev`: the API server (tsx watch, restarts on change) on API_PORT and the Vite dev server
// (hot reload, proxies /api to the API server) on PORT. Data lives under DATA_DIR (default ./data),
// seeded with the demo accounts on first start. Ctrl+C stops both.
import { spawn } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const apiPort = process.env.API_PORT ?? '8787'
const webPort = process.env.PORT ?? '5173'
const bin = (name) => path.join(root, 'node_modules', '.bin', name)

const children = []
let stopping = false

function run(name, command, args, env) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['inherit', 'pipe', 'pipe'] })
  const prefix = (line) => `[${name}] ${line}`
  const pipe = (stream, out) => {
    let buffer = ''
    stream.on('data', (chunk) => {
      buffer += chunk
      const lines = buffer.split('\n')
      buffer = lines.pop() ?? ''
      for (const line of lines) out.write(prefix(line) + '\n')
    })
  }
  pipe(child.stdout, process.stdout)
  pipe(child.stderr, process.stderr)
  child.on('exit', (code, signal) => {
    if (stopping) return
    console.error(prefix(`stopped (${signal ?? `exit ${code}`}); stopping the other server too`))
    stop(code ?? 1)
  })
  children.push(child)
  return child
}

function stop(code = 0) {
  if (stopping) return
  stopping = true
  const running = () => children.filter((child) => child.exitCode === null && child.signalCode === null)
  for (const child of running()) child.kill('SIGTERM')
  // Give them a moment to close their ports, then make sure nothing is left behind.
  setTimeout(() => {
    for (const child of running()) child.kill('SIGKILL')
    process.exit(code)
  }, 3000)
}

process.on('SIGINT', () => stop(0))
process.on('SIGTERM', () => stop(0))

run('api', bin('tsx'), ['watch', '--clear-screen=false', 'server/index.ts'], {
  NODE_ENV: 'development',
  PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
})
run('web', bin('vite'), ['--port', webPort, '--strictPort'], { API_PORT: apiPort })

console.log(`Portal: http://localhost:${webPort}  (API on http://localhost:${apiPort}/api)`)
