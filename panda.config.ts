import { defineConfig, defineGlobalStyles, defineKeyframes } from '@pandacss/dev'
import { recipes, slotRecipes } from './src/ui/theme/recipes/index.ts'
import { semanticColors } from './src/ui/theme/tokens.ts'

const globalCss = defineGlobalStyles({
  'html, body': {
    bg: 'bg.canvas',
    color: 'fg.default',
    fontFamily: 'body',
    lineHeight: '1.5',
    WebkitFontSmoothing: 'antialiased',
    textRendering: 'optimizeLegibility',
  },
  '*, *::before, *::after': { borderColor: 'border.default' },
  a: { color: 'accent.text', textUnderlineOffset: '2px' },
  '::selection': { bg: 'accent.muted' },
  ':focus-visible': { outlineColor: 'border.focus' },
  '@media (prefers-reduced-motion: reduce)': {
    '*, *::before, *::after': { animationDuration: '0.01ms !important', transitionDuration: '0.01ms !important' },
  },
})

const keyframes = defineKeyframes({
  fadeIn: { from: { opacity: 0 }, to: { opacity: 1 } },
})

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: ['./src/**/*.test.{ts,tsx}'],
  jsxFramework: 'react',
  outdir: 'styled-system',
  globalCss,
  // The kit's recipes are few and small: ship every variant rather than rely on usage detection
  // through the style-context wrappers.
  staticCss: { recipes: '*' },
  // A control looks invalid when the form says so (aria-invalid, or Ark's data-invalid), never by the
  // browser's own :invalid: an empty required field would be red before the user did anything.
  conditions: { extend: { invalid: '&:is([data-invalid], [aria-invalid=true])' } },
  theme: {
    extend: {
      tokens: {
        fonts: {
          body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
          mono: { value: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
        },
        sizes: { '4.5': { value: '1.125rem' } },
        // The frame's stacking order, lowest first. A page's content is a stacking context of its own
        // (the layout's main), so nothing in a page, however it is positioned, rises above the top bar,
        // the side menu, a dialog or a toast. Dialogs sit above toasts: a toast never covers the dialog
        // being worked in (toasts move to the band above it, see the dialog recipe and ui/toaster-root).
        zIndex: {
          docked: { value: 10 },
          sticky: { value: 100 },
          overlay: { value: 200 },
          toast: { value: 250 },
          modal: { value: 300 },
          dropdown: { value: 400 },
          tooltip: { value: 500 },
          skipLink: { value: 600 },
        },
      },
      semanticTokens: { colors: semanticColors },
      keyframes,
      recipes,
      slotRecipes,
    },
  },
})
