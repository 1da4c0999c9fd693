import { defineRecipe } from '@pandacss/dev'

const tone = (name: 'info' | 'success' | 'warning' | 'danger' | 'neutral') => ({ bg: `${name}.subtle`, color: `${name}.fg`, borderColor: `${name}.border` })

export const badge = defineRecipe({
  className: 'badge',
  jsx: ['Badge', 'StatusBadge'],
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    py: '0.5',
    borderRadius: 'full',
    borderWidth: '1px',
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: '1.25',
    whiteSpace: 'nowrap',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  },
  variants: {
    tone: {
      success: tone('success'),
      warning: tone('warning'),
      danger: tone('danger'),
      neutral: tone('neutral'),
      info: tone('info'),
    },
  },
  defaultVariants: { tone: 'neutral' },
})
