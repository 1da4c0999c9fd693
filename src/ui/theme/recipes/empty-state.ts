import { defineSlotRecipe } from '@pandacss/dev'

export const emptyState = defineSlotRecipe({
  className: 'empty-state',
  slots: ['root', 'icon', 'title', 'description', 'actions'],
  base: {
    root: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      textAlign: 'center',
      gap: '2',
      py: '12',
      px: '6',
      color: 'fg.default',
    },
    icon: { color: 'fg.muted', w: '10', h: '10', mb: '2' },
    title: { fontSize: 'lg', fontWeight: 'semibold' },
    description: { fontSize: 'sm', color: 'fg.muted', maxW: 'md' },
    actions: { display: 'flex', gap: '3', mt: '4', flexWrap: 'wrap', justifyContent: 'center' },
  },
})
