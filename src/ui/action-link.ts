import { css } from 'styled-system/css'

/**
 * A link styled as the page's main action ('Upload documents', 'Go to the dashboard'): the solid
 * button's look, kept in its own small module so the error and not-found pages can use it too.
 */
export const actionLinkClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '10',
  px: '4',
  borderRadius: 'md',
  bg: 'accent',
  color: 'accent.fg',
  fontWeight: 'semibold',
  fontSize: 'sm',
  textDecoration: 'none',
  _hover: { bg: 'accent.emphasized' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})
