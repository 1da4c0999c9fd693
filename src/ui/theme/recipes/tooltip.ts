import { defineSlotRecipe } from '@pandacss/dev'

export const tooltip = defineSlotRecipe({
  className: 'tooltip',
  slots: ['trigger', 'positioner', 'content', 'arrow', 'arrowTip'],
  base: {
    positioner: { zIndex: 'tooltip' },
    content: {
      bg: 'bg.tooltip',
      color: 'fg.inverted',
      px: '2.5',
      py: '1.5',
      borderRadius: 'md',
      fontSize: 'xs',
      fontWeight: 'medium',
      maxW: 'xs',
      boxShadow: 'md',
      _open: { animation: 'fadeIn 0.1s ease-out' },
    },
    arrow: { '--arrow-size': '8px', '--arrow-background': 'colors.bg.tooltip' },
  },
  variants: {
    variant: {
      default: {},
      warning: {
        content: { bg: 'warning.subtle', color: 'warning.fg', borderWidth: '1px', borderColor: 'warning.border' },
        arrow: { '--arrow-background': 'colors.warning.subtle' },
      },
    },
  },
  defaultVariants: { variant: 'default' },
})
