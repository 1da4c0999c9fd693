import { css } from 'styled-system/css'

/**
 * Text shown from the sm breakpoint up and kept for screen readers only on phones (the user menu's
 * name and role, the sign-up steps' names): visually hidden below sm, laid out normally above.
 */
export const hiddenOnPhonesClass = css({
  position: { base: 'absolute', sm: 'static' },
  w: { base: '1px', sm: 'auto' },
  h: { base: '1px', sm: 'auto' },
  overflow: { base: 'hidden', sm: 'visible' },
  clip: { base: 'rect(0 0 0 0)', sm: 'auto' },
  whiteSpace: { base: 'nowrap', sm: 'normal' },
})
