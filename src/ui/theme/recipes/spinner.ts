import { defineRecipe } from '@pandacss/dev'

export const spinner = defineRecipe({
  className: 'spinner',
  jsx: ['Spinner'],
  base: {
    display: 'inline-block',
    flexShrink: 0,
    borderRadius: 'full',
    borderStyle: 'solid',
    borderColor: 'currentColor',
    borderRightColor: 'transparent',
    animation: 'spin 0.7s linear infinite',
    '@media (prefers-reduced-motion: reduce)': { animationDuration: '1.6s' },
  },
  variants: {
    size: {
      sm: { w: '4', h: '4', borderWidth: '2px' },
      md: { w: '6', h: '6', borderWidth: '2px' },
      lg: { w: '10', h: '10', borderWidth: '3px' },
    },
  },
  defaultVariants: { size: 'md' },
})
