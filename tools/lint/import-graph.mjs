// `npm run lint` (after ESLint): the project's import graph, type-only imports included, checked for
//  1. circles: no module may reach itself through its static imports (`import type` counts: a type
//     circle ties the modules' meaning together as much as a value one; `import()` does not, as a
//     route's lazy page may import what imported it);
//  2. feature boundaries: a feature (src/features/<name>/) imports another feature only through that
//     feature's public entries, FEATURE_ENTRIES below (each feature's index.ts says what they are for).
// ESLint's import plugin skips type-only imports in its cycle check, so this runs on the TypeScript
// compiler itself (the lint toolchain's own copy). Exit 1 and one line per problem when any is found.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

/**
 * What other features may import of a feature: its index, plus the light modules named here (query
 * keys and options, search params, route loaders, and entries kept apart from the index so that a
 * route does not load what it does not show).
 */
const FEATURE_ENTRIES = {
  documents: ['keys', 'shared', 'routing', 'loaders', 'upload', 'file-cache'],
  companies: ['api', 'roles', 'team-panel', 'company-switcher'],
  invoices: ['api', 'routing', 'loaders', 'detail'],
  notifications: ['keys', 'routing'],
  payments: ['card-payment-dialog', 'saved-cards', 'saved-card-choice'],
}

/** The two programs of the repository: the pages, API and tools, and the service worker. */
const PROJECTS = ['tsconfig.json', 'sw/tsconfig.json']

const relative = (file) => path.relative(root, file).split(path.sep).join('/')

function readProject(configPath) {
  const config = ts.readConfigFile(configPath, ts.sys.readFile)
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'))
  return ts.parseJsonConfigFileContent(config.config, ts.sys, path.dirname(configPath))
}

/** The module specifiers a file imports statically (value or type), with their line. */
function staticImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found = []
  for (const statement of source.statements) {
    const specifier =
      ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)
        ? statement.moduleSpecifier
        : ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference)
          ? statement.moduleReference.expression
          : undefined
    if (specifier && ts.isStringLiteral(specifier)) {
      found.push({ specifier: specifier.text, line: source.getLineAndCharacterOfPosition(statement.getStart()).line + 1 })
    }
  }
  return found
}

/** Every project file and the project files it imports. */
function importGraph() {
  const graph = new Map()
  for (const project of PROJECTS) {
    const { fileNames, options } = readProject(path.join(root, project))
    const inProject = new Set(fileNames)
    const host = ts.createCompilerHost(options)
    for (const file of fileNames) {
      const edges = []
      for (const { specifier, line } of staticImports(file)) {
        const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule
        if (!resolved || resolved.isExternalLibraryImport || resolved.resolvedFileName.includes('/node_modules/')) continue
        if (resolved.resolvedFileName.endsWith('.d.ts') && !inProject.has(resolved.resolvedFileName)) continue
        edges.push({ to: path.resolve(resolved.resolvedFileName), line })
      }
      graph.set(path.resolve(file), edges)
    }
  }
  return graph
}

/** Tarjan's strongly connected components with more than one module (or a module importing itself). */
function circles(graph) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  const found = []
  let next = 0
  const visit = (start) => {
    // Iterative, so a long import chain cannot overflow the call stack.
    const work = [{ node: start, edge: 0 }]
    index.set(start, next)
    low.set(start, next++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const edges = graph.get(frame.node) ?? []
      if (frame.edge < edges.length) {
        const target = edges[frame.edge++].to
        if (!index.has(target)) {
          index.set(target, next)
          low.set(target, next++)
          stack.push(target)
          onStack.add(target)
          work.push({ node: target, edge: 0 })
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)))
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const component = []
        let member
        do {
          member = stack.pop()
          onStack.delete(member)
          component.push(member)
        } while (member !== frame.node)
        const selfImport = (graph.get(frame.node) ?? []).some((edge) => edge.to === frame.node)
        if (component.length > 1 || selfImport) found.push(component)
      }
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

/** Imports from one feature into another that miss the other's public entries. */
function boundaryBreaches(graph) {
  const featureOf = (file) => /^src\/features\/([^/]+)\/(.+)\.tsx?$/.exec(relative(file))
  const breaches = []
  for (const [file, edges] of graph) {
    const from = featureOf(file)
    if (!from || /\.test\.tsx?$/.test(file)) continue
    for (const edge of edges) {
      const to = featureOf(edge.to)
      if (!to || to[1] === from[1]) continue
      const entry = to[2]
      if (entry === 'index' || (FEATURE_ENTRIES[to[1]] ?? []).includes(entry)) continue
      breaches.push(
        `${relative(file)}:${edge.line}: imports ${relative(edge.to)}, not a public entry of the ${to[1]} feature (its index, or one listed in tools/lint/import-graph.mjs)`,
      )
    }
  }
  return breaches
}

const graph = importGraph()
const problems = [...circles(graph).map((component) => `import circle: ${component.map(relative).sort().join(' <-> ')}`), ...boundaryBreaches(graph)]
for (const problem of problems) console.error(problem)
if (problems.length > 0) {
  console.error(`\n${problems.length} import problem${problems.length === 1 ? '' : 's'} (tools/lint/import-graph.mjs)`)
  process.exit(1)
}
console.log(`import graph: ${graph.size} modules, no circles, features import each other only through their public entries`)
