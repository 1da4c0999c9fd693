import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import path from 'node:path'
import type { PluginOption } from 'vite'

/**
 * Plugins shared by the build (vite.config.ts) and the component tests (vitest.config.ts).
 * The signals transform makes @modular-forms/react re-render under React 19; it runs once over our own
 * code and once over modular-forms' compiled Field (see docs/decisions).
 */
export function appPlugins({ router = true }: { router?: boolean } = {}): PluginOption[] {
  return [
    router &&
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        // A route's loader travels with its page, so the data code of every page stays out of the entry.
        codeSplittingOptions: {
          defaultBehavior: [
            ['loader', 'component'],
            ['errorComponent', 'notFoundComponent', 'pendingComponent'],
          ],
        },
        routesDirectory: './src/routes',
        generatedRouteTree: './src/routeTree.gen.ts',
      }),
    // Lingui's macros (`t`, `msg`) become message ids and catalog lookups (src/lib/i18n.ts).
    babel({ include: /[\\/]src[\\/].*\.[jt]sx?$/, plugins: ['module:@preact/signals-react-transform', '@lingui/babel-plugin-lingui-macro'] }),
    babel({
      include: /[\\/]node_modules[\\/]@modular-forms[\\/]react[\\/]/,
      exclude: [],
      plugins: [['module:@preact/signals-react-transform', { mode: 'all', detectTransformedJSX: true }]],
    }),
    react(),
  ]
}

export const alias = {
  '~': path.resolve(import.meta.dirname, 'src'),
  '@contract': path.resolve(import.meta.dirname, 'contract'),
  'styled-system': path.resolve(import.meta.dirname, 'styled-system'),
}
