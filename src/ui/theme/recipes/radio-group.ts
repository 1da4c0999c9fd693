import { defineSlotRecipe } from '@pandacss/dev'

export const radioGroup = defineSlotRecipe({
  className: 'radio-group',
  slots: ['root', 'label', 'requiredIndicator', 'items', 'item', 'itemControl', 'itemText', 'helperText', 'errorText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1.5' },
    label: { fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', display: 'inline-flex', gap: '1' },
    requiredIndicator: { color: 'fg.danger' },
    items: { display: 'flex', flexWrap: 'wrap', gap: '4' },
    item: { display: 'inline-flex', alignItems: 'center', gap: '2', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.6 } },
    itemControl: {
      appearance: 'none',
      flexShrink: 0,
      m: '0',
      cursor: 'inherit',
      w: '4.5',
      h: '4.5',
      borderRadius: 'full',
      borderWidth: '1px',
      borderColor: 'border.strong',
      bg: 'bg.surface',
      _checked: { borderColor: 'accent', borderWidth: '5px' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
      _invalid: { borderColor: 'border.danger' },
    },
    itemText: { fontSize: 'sm', color: 'fg.default' },
    helperText: { fontSize: 'xs', color: 'fg.muted' },
    errorText: { fontSize: 'xs', color: 'fg.danger', fontWeight: 'medium' },
  },
})
