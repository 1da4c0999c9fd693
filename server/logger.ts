type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void
  info(msg: string, fields?: Record<string, unknown>): void
  warn(msg: string, fields?: Record<string, unknown>): void
  error(msg: string, fields?: Record<string, unknown>): void
}

/**
 * Writes lines to stdout in batches: lines logged while a request is handled are joined and written
 * once, after the current turn of the event loop, so logging never adds a write per request. The
 * remaining lines are written synchronously when the process exits.
 */
function batchedStdout(): (line: string) => void {
  let pending: string[] = []
  const flush = () => {
    if (!pending.length) return
    const text = pending.join('\n') + '\n'
    pending = []
    process.stdout.write(text)
  }
  process.once('exit', flush)
  return (line) => {
    if (pending.push(line) === 1) setImmediate(flush)
  }
}

/** Structured logs: one JSON object a line on stdout. */
export function createLogger(level: Level | 'silent' = 'info', write?: (line: string) => void): Logger {
  const threshold = order[level]
  const out = threshold >= order.silent ? () => {} : (write ?? batchedStdout())
  const log = (lvl: Level) => (msg: string, fields?: Record<string, unknown>) => {
    if (order[lvl] < threshold) return
    out(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields }))
  }
  return { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') }
}

/**
 * An error as the log keeps it: stack and root cause, without the values of a failed SQL statement. The
 * database driver quotes every parameter ("params: Ada,Lovelace,12 Ocean Dr,...") in its message, which
 * would put names and addresses into the log.
 */
export function errorForLog(error: unknown): string {
  const withheld = (text: string) => text.replace(/^params: .*$/gm, 'params: (withheld)').slice(0, 4000)
  if (!(error instanceof Error)) return withheld(String(error))
  let text = withheld(error.stack ?? error.message)
  let cause: unknown = error.cause
  for (let depth = 0; depth < 3 && cause instanceof Error; depth++, cause = cause.cause) {
    text += `\ncaused by: ${withheld(cause.message)}`
  }
  return text
}
