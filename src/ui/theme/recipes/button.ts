import { defineRecipe } from '@pandacss/dev'

export const button = defineRecipe({
  className: 'button',
  jsx: ['Button', 'IconButton'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'semibold',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    // A link styled as a button ('Add Client', 'Upload documents') reads as a button: no underline.
    textDecoration: 'none',
    userSelect: 'none',
    transition: 'background 0.15s, border-color 0.15s, color 0.15s',
    _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
    // Disabled buttons keep readable text (no opacity fade): muted colours with AA contrast.
    _disabled: { bg: 'bg.subtle', color: 'fg.muted', borderColor: 'border.default', cursor: 'not-allowed', _hover: { bg: 'bg.subtle' } },
    '&[aria-busy=true]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      solid: {
        bg: 'accent',
        color: 'accent.fg',
        _hover: { '&:not(:disabled)': { bg: 'accent.emphasized' } },
      },
      outline: {
        bg: 'bg.surface',
        color: 'fg.default',
        borderColor: 'border.strong',
        _hover: { '&:not(:disabled)': { bg: 'bg.muted' } },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.default',
        _hover: { '&:not(:disabled)': { bg: 'bg.muted' } },
      },
      danger: {
        bg: 'danger',
        color: 'fg.inverted',
        _hover: { '&:not(:disabled)': { bg: 'danger.emphasized' } },
      },
      link: {
        bg: 'transparent',
        color: 'accent.text',
        px: '0!',
        h: 'auto!',
        textDecoration: 'underline',
        textUnderlineOffset: '2px',
        _hover: { '&:not(:disabled)': { color: 'accent.emphasized' } },
      },
    },
    size: {
      sm: { h: '8', minW: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', minW: '10', px: '4', fontSize: 'sm' },
      lg: { h: '12', minW: '12', px: '5', fontSize: 'md' },
    },
    iconOnly: {
      true: { px: '0' },
    },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
})
