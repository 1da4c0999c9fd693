/**
 * Build step: every `css({...})` call whose arguments are known when the code is written becomes the
 * class names it returns ('d_flex gap_2'), so the browser does not work them out again on each load.
 *
 * Panda's css() turns a style object into class names at run time (the style sheet itself is generated
 * at build time from the same objects). The portal has some 330 of them at the top of its modules, run
 * while a page's scripts are evaluated: a good part of a signed-in page's start, in the tasks that hold
 * back the first taps. The class names depend only on the style object and the
 * Panda configuration, so the build asks the generated css() itself and writes its answer in place.
 *
 * A call is replaced only when Babel can evaluate each argument with certainty (object, string, number
 * and boolean literals, and constants made of them); any other call (a value from props, a condition)
 * keeps running in the browser, so the result is the same either way.
 */
import { transformAsync, type BabelFileResult, type PluginObj, types as t } from '@babel/core'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'

type CssFn = (...styles: object[]) => string

/** Where the generated css() is imported from in the portal's code. */
const CSS_MODULE = 'styled-system/css'

/** The Babel plugin: replaces the static calls of the `css` imported from styled-system/css. */
export function staticCssBabelPlugin(css: CssFn): PluginObj {
  return {
    name: 'static-panda-css',
    visitor: {
      CallExpression(call) {
        const callee = call.get('callee')
        if (!callee.isIdentifier()) return
        const binding = call.scope.getBinding(callee.node.name)
        const specifier = binding?.path
        if (!specifier?.isImportSpecifier()) return
        const declaration = specifier.parentPath
        if (!declaration.isImportDeclaration() || declaration.node.source.value !== CSS_MODULE) return
        const imported = specifier.node.imported
        if ((t.isIdentifier(imported) ? imported.name : imported.value) !== 'css') return
        const values: object[] = []
        for (const argument of call.get('arguments')) {
          const { confident, value } = argument.evaluate()
          if (!confident || typeof value !== 'object' || value === null) return
          values.push(value)
        }
        call.replaceWith(t.stringLiteral(css(...values)))
      },
    },
  }
}

/** Replaces the static css() calls in one module's source (TypeScript and JSX allowed); null when none. */
export async function inlineStaticCss(code: string, filename: string, css: CssFn): Promise<{ code: string; map: BabelFileResult['map'] } | null> {
  if (!code.includes(CSS_MODULE)) return null
  const result = await transformAsync(code, {
    filename,
    babelrc: false,
    configFile: false,
    sourceMaps: true,
    parserOpts: { plugins: ['typescript', 'jsx'] },
    // Nothing else is changed: the output is the input with the calls replaced (types and JSX kept).
    retainLines: true,
    plugins: [staticCssBabelPlugin(css)],
  })
  return result?.code ? { code: result.code, map: result.map ?? null } : null
}

/** The generated css() of the project at `root` (styled-system/, written by `panda codegen`). */
export async function loadCss(root: string): Promise<CssFn> {
  const module = (await import(pathToFileURL(path.join(root, 'styled-system', 'css', 'css.mjs')).href)) as { css: CssFn }
  return module.css
}

/** The Vite plugin (build only): runs over the portal's own modules before any other transform. */
export function staticCss(): Plugin {
  let css: CssFn | undefined
  return {
    name: 'portal:static-css',
    apply: 'build',
    enforce: 'pre',
    async configResolved(config) {
      css = await loadCss(config.root)
    },
    async transform(code, id) {
      if (!css || !/[\\/]src[\\/].*\.[jt]sx?$/.test(id.split('?')[0])) return null
      return inlineStaticCss(code, id.split('?')[0], css)
    },
  }
}
