import { defineRecipe } from '@pandacss/dev'

/** Text inputs, textareas and the trigger of selects share one look. */
export const input = defineRecipe({
  className: 'input',
  jsx: ['TextInput', 'Textarea'],
  base: {
    width: '100%',
    minW: '0',
    bg: 'bg.surface',
    color: 'fg.default',
    borderWidth: '1px',
    borderColor: 'border.strong',
    borderRadius: 'md',
    px: '3',
    fontSize: 'sm',
    outline: 'none',
    transition: 'border-color 0.15s, box-shadow 0.15s',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: { borderColor: 'border.focus', boxShadow: '0 0 0 1px token(colors.border.focus)' },
    _invalid: { borderColor: 'border.danger', _focusVisible: { boxShadow: '0 0 0 1px token(colors.border.danger)' } },
    _disabled: { bg: 'bg.muted', cursor: 'not-allowed', opacity: 0.8 },
    _readOnly: { bg: 'bg.subtle' },
  },
  variants: {
    size: {
      sm: { h: '8' },
      md: { h: '10' },
      lg: { h: '12', fontSize: 'md' },
    },
    multiline: {
      true: { h: 'auto', py: '2', minH: '20', resize: 'vertical', lineHeight: '1.5' },
    },
  },
  defaultVariants: { size: 'md' },
})
