import { defineSlotRecipe } from '@pandacss/dev'

export const card = defineSlotRecipe({
  className: 'card',
  slots: ['root', 'header', 'title', 'description', 'body', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      bg: 'bg.surface',
      color: 'fg.default',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      boxShadow: 'xs',
      minW: '0',
    },
    header: { display: 'flex', flexDirection: 'column', gap: '1', px: { base: '4', md: '5' }, pt: { base: '4', md: '5' } },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    body: { px: { base: '4', md: '5' }, py: '4', flex: '1' },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '3', px: { base: '4', md: '5' }, pb: { base: '4', md: '5' } },
  },
})
