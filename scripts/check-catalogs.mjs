// Checks that the message catalogs (src/locales/*/*.po) hold exactly the messages the code has: it
// extracts the code's messages into a copy of the catalogs and compares the copy with them. A message
// added, changed or removed in the code without `npm run i18n:extract` (and its Spanish written) fails.
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const locales = 'src/locales'
const copy = mkdtempSync(path.join(tmpdir(), 'catalogs-'))
try {
  cpSync(locales, copy, { recursive: true, filter: (file) => !file.endsWith('.ts') })
  execFileSync('npx', ['lingui', 'extract', '--clean'], { env: { ...process.env, LINGUI_CATALOGS_DIR: copy }, stdio: ['ignore', 'ignore', 'inherit'] })
  const stale = []
  for (const language of readdirSync(copy)) {
    for (const file of readdirSync(path.join(copy, language)).filter((name) => name.endsWith('.po'))) {
      const committed = path.join(locales, language, file)
      let current = ''
      try {
        current = readFileSync(committed, 'utf8')
      } catch {
        // a catalog the code now needs and the repository lacks
      }
      if (current !== readFileSync(path.join(copy, language, file), 'utf8')) stale.push(committed)
    }
  }
  if (stale.length) {
    console.error(`Message catalogs out of date with the code: ${stale.join(', ')}. Run \`npm run i18n:extract\` and write the Spanish.`)
    process.exit(1)
  }
  console.log('Message catalogs match the code.')
} finally {
  rmSync(copy, { recursive: true, force: true })
}
