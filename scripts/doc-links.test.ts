import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * No document or comment points at a file the repository lacks: every relative markdown link in docs/
 * and the READMEs leads to a file, and every repository path (docs/…, server/…, src/… ending in a
 * source or document extension) named in docs/ or in a code comment names a file that exists.
 */

const root = path.resolve(import.meta.dirname, '..')

/** Directories never read: installed, built or generated. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'styled-system', 'reports', 'test-results', 'playwright-report', 'coverage', 'data', '.git'])
const CODE_DIRS = ['src', 'server', 'sw', 'scripts', 'tools', 'tests', 'contract']
const CODE_FILE = /\.(ts|tsx|mjs|js|cjs)$/
const GENERATED = new Set(['src/routeTree.gen.ts'])

/**
 * Names that look like repository paths but are not meant to exist: the source file names given to the
 * static-css transform as test inputs (scripts/static-css.test.ts).
 */
const NOT_FILES = new Set(['src/row.tsx', 'src/note.ts', 'src/cell.tsx', 'src/x.ts'])

/** A repository path: a top-level folder of the repository, then a file with one of these extensions. */
const REPO_PATH =
  /(?<![A-Za-z0-9_./@-])(?:docs|tests|server|src|scripts|sw|tools|contract)\/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.(?:md|tsx|ts|mjs|json|sh)(?![A-Za-z0-9_-])/g

/** The repository paths a text names, node_modules paths and the known non-files left out. */
function repoPathsIn(text: string): string[] {
  return [...text.matchAll(REPO_PATH)].map((m) => m[0]).filter((name) => !NOT_FILES.has(name) && !name.includes('node_modules/'))
}

/** The targets of a markdown text's links that point into the repository (no scheme, no bare anchor), without their anchor. */
function markdownLinkTargets(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => m[1])
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'))
    .map((target) => decodeURI(target.replace(/[#?].*$/, '')))
    .filter((target) => target !== '')
}

/** The comments of a TypeScript or JavaScript source: line comments and block comments. */
function commentsIn(source: string): string[] {
  const comments: string[] = []
  // Strings and template literals are skipped whole, so a '//' inside one (a URL) starts no comment.
  const token = /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g
  for (const [text] of source.matchAll(token)) if (text.startsWith('//') || text.startsWith('/*')) comments.push(text)
  return comments
}

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  const absolute = path.join(root, dir)
  if (!existsSync(absolute)) return []
  const found: string[] = []
  for (const entry of readdirSync(absolute, { withFileTypes: true })) {
    const relative = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...filesUnder(relative, keep))
    } else if (keep(relative)) found.push(relative)
  }
  return found
}

const read = (file: string) => readFileSync(path.join(root, file), 'utf8')
const exists = (file: string) => existsSync(path.join(root, file))

const markdownFiles = [...filesUnder('docs', (f) => f.endsWith('.md')), 'README.md', ...CODE_DIRS.flatMap((dir) => filesUnder(dir, (f) => f.endsWith('.md')))]
const codeFiles = [
  ...readdirSync(root).filter((name) => CODE_FILE.test(name)),
  ...CODE_DIRS.flatMap((dir) => filesUnder(dir, (f) => CODE_FILE.test(f) && !GENERATED.has(f))),
]

describe('what the checks read', () => {
  it('finds repository paths with their whole extension, and leaves out node_modules paths and the test inputs', () => {
    const text =
      'see server/http/compress.ts, src/ui/data-table.tsx and docs/decisions/README.md; ' +
      'node_modules/@hono/node-server/dist/index.mjs, /app/src/row.tsx, src/x.ts and server/<resource>/queries.ts'
    expect(repoPathsIn(text)).toEqual(['server/http/compress.ts', 'src/ui/data-table.tsx', 'docs/decisions/README.md'])
  })

  it('reads relative link targets without their anchor, and skips addresses, anchors and code', () => {
    const markdown = [
      'See [the note](2026-12-02-answer-cache.md#why), [a file](../server/app.ts) and [folder](../server/invoices).',
      '[site](https://example.com/x.md), [here](#context), `[not](a-link.md)`',
      '```',
      '[inside](a-fence.md)',
      '```',
    ].join('\n')
    expect(markdownLinkTargets(markdown)).toEqual(['2026-12-02-answer-cache.md', '../server/app.ts', '../server/invoices'])
  })

  it('takes comments from code, not strings', () => {
    const source = "const url = 'https://example.com/src/main.tsx' // see server/app.ts\n/** in src/lib/dates.ts */\nconst s = `// src/start.tsx`\n"
    expect(commentsIn(source).flatMap(repoPathsIn)).toEqual(['server/app.ts', 'src/lib/dates.ts'])
  })

  it('reads the repository it checks', () => {
    expect(markdownFiles).toContain('docs/decisions/README.md')
    expect(codeFiles).toContain('server/app.ts')
    expect(codeFiles).not.toContain('src/routeTree.gen.ts')
  })
})

describe('documents and comments point at files that exist', () => {
  it('every relative markdown link in docs/ and the READMEs leads to a file or folder', () => {
    const broken = markdownFiles.flatMap((file) =>
      markdownLinkTargets(read(file))
        .filter((target) => !exists(path.posix.join(path.posix.dirname(file), target)))
        .map((target) => `${file} -> ${target}`),
    )
    expect(broken).toEqual([])
  })

  it('every repository path named in docs/ and the READMEs is a file', () => {
    const missing = markdownFiles.flatMap((file) =>
      repoPathsIn(read(file))
        .filter((name) => !exists(name))
        .map((name) => `${file}: ${name}`),
    )
    expect([...new Set(missing)]).toEqual([])
  })

  it('every repository path named in a code comment is a file', () => {
    const missing = codeFiles.flatMap((file) =>
      commentsIn(read(file))
        .flatMap(repoPathsIn)
        .filter((name) => !exists(name))
        .map((name) => `${file}: ${name}`),
    )
    expect([...new Set(missing)]).toEqual([])
  })
})
