import { defineSlotRecipe } from '@pandacss/dev'

export const field = defineSlotRecipe({
  className: 'field',
  slots: ['root', 'label', 'requiredIndicator', 'helperText', 'errorText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5', width: '100%' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', display: 'inline-flex', gap: '1' },
    requiredIndicator: { color: 'fg.danger' },
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: { fontSize: 'xs', color: 'fg.danger', fontWeight: 'medium' },
  },
})
