import { defineSlotRecipe } from '@pandacss/dev'

export const tabs = defineSlotRecipe({
  className: 'tabs',
  slots: ['root', 'list', 'trigger', 'content', 'indicator'],
  base: {
    root: { display: 'flex', flexDirection: 'column', width: '100%' },
    list: {
      display: 'flex',
      gap: '1',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      overflowX: 'auto',
      position: 'relative',
    },
    trigger: {
      px: '4',
      py: '2.5',
      fontSize: 'sm',
      fontWeight: 'medium',
      color: 'fg.muted',
      whiteSpace: 'nowrap',
      cursor: 'pointer',
      borderBottomWidth: '2px',
      borderColor: 'transparent',
      mb: '-1px',
      _hover: { color: 'fg.default' },
      _selected: { color: 'accent.text', borderColor: 'accent' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    content: { pt: '4', _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' } },
    indicator: {},
  },
})
