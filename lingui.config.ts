import { defineConfig } from '@lingui/conf'
import { formatter } from '@lingui/format-po'

/**
 * The interface's message catalogs: English (the texts as written in the code) and Spanish, one catalog
 * per part of the portal so that a page loads only its own part's messages, in the chosen language
 * (src/lib/i18n.ts). `npm run i18n:extract` collects the messages from the code into the .po files,
 * where the Spanish is written; the build compiles them (`lingui compile --strict`: a message without
 * its Spanish stops it). The pseudo-locale stretches and brackets every English text, so that a text
 * shown without going through a catalog stands out.
 */
/** Where the catalogs are: src/locales, or a copy that scripts/check-catalogs.mjs extracts into. */
const dir = process.env.LINGUI_CATALOGS_DIR ?? '<rootDir>/src/locales'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'pseudo'],
  pseudoLocale: 'pseudo',
  fallbackLocales: false,
  catalogs: [
    { path: `${dir}/{locale}/common`, include: ['<rootDir>/src/app', '<rootDir>/src/ui', '<rootDir>/src/lib'] },
    { path: `${dir}/{locale}/auth`, include: ['<rootDir>/src/features/auth', '<rootDir>/src/routes/_public'] },
  ],
  format: formatter({ lineNumbers: false }),
  compileNamespace: 'ts',
  orderBy: 'messageId',
})
