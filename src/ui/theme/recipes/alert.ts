import { defineSlotRecipe } from '@pandacss/dev'

const tone = (name: 'info' | 'success' | 'warning' | 'danger' | 'neutral') => ({
  root: { bg: `${name}.subtle`, borderColor: `${name}.border`, color: `${name}.fg` },
  icon: { color: `${name}.fg` },
})

export const alert = defineSlotRecipe({
  className: 'alert',
  slots: ['root', 'icon', 'content', 'title', 'description'],
  base: {
    root: { display: 'flex', gap: '3', alignItems: 'flex-start', p: '4', borderWidth: '1px', borderRadius: 'md', width: '100%' },
    icon: { flexShrink: 0, w: '5', h: '5', mt: '0.5' },
    content: { display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '0' },
    title: { fontWeight: 'semibold', fontSize: 'sm' },
    description: { fontSize: 'sm' },
  },
  variants: {
    status: {
      info: tone('info'),
      success: tone('success'),
      warning: tone('warning'),
      danger: tone('danger'),
      neutral: tone('neutral'),
    },
  },
  defaultVariants: { status: 'info' },
})
