import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Mailer } from './mailer'

/**
 * Writes every message the mailer sends also to `dir`, one JSON file each ({ to, subject, text, html,
 * headers, attachments, at }; html, headers and the attachments' names and sizes when it has them), named so that a directory listing sorts
 * them oldest first.
 */
export function withFileCopies(mailer: Mailer, dir: string): Mailer {
  return {
    ...mailer,
    async send(message) {
      await mailer.send(message)
      await mkdir(dir, { recursive: true })
      const at = new Date()
      const name = `${at.toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.json`
      const copy = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined ? { html: message.html } : {}),
        ...(message.headers !== undefined ? { headers: message.headers } : {}),
        ...(message.attachments?.length
          ? { attachments: message.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, bytes: content.byteLength })) }
          : {}),
        at: at.toISOString(),
      }
      await writeFile(path.join(dir, name), JSON.stringify(copy))
    },
  }
}
