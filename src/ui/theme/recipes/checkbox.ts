import { defineSlotRecipe } from '@pandacss/dev'

export const checkbox = defineSlotRecipe({
  className: 'checkbox',
  slots: ['root', 'control', 'indicator', 'label'],
  base: {
    root: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      cursor: 'pointer',
      _disabled: { cursor: 'not-allowed', opacity: 0.6 },
      _readOnly: { cursor: 'not-allowed' },
    },
    control: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      flexShrink: 0,
      w: '4.5',
      h: '4.5',
      borderWidth: '1px',
      borderColor: 'border.strong',
      borderRadius: 'sm',
      bg: 'bg.surface',
      color: 'accent.fg',
      _checked: { bg: 'accent', borderColor: 'accent' },
      _indeterminate: { bg: 'accent', borderColor: 'accent' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
      _invalid: { borderColor: 'border.danger' },
    },
    indicator: { w: '3.5', h: '3.5' },
    label: { fontSize: 'sm', color: 'fg.default' },
  },
})
