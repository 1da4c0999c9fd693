import { readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect } from './fixtures'

/** Where the e2e server writes a copy of every e-mail (tests/e2e/server.mjs). */
const mailDir = path.join(tmpdir(), `portal-e2e-mail-${process.env.E2E_PORT}`)

/** The newest message to `to`, once it is there. */
export async function mailTo(to: string): Promise<{ subject: string; text: string }> {
  let found: { to: string; subject: string; text: string } | undefined
  await expect
    .poll(async () => {
      const names = (await readdir(mailDir).catch(() => [] as string[])).sort().reverse()
      for (const name of names) {
        const message = JSON.parse(await readFile(path.join(mailDir, name), 'utf8'))
        if (message.to === to) {
          found = message
          return true
        }
      }
      return false
    })
    .toBe(true)
  return found!
}
