import { defineSlotRecipe } from '@pandacss/dev'
import { popupStyles } from './select.ts'

export const menu = defineSlotRecipe({
  className: 'menu',
  slots: ['trigger', 'positioner', 'content', 'item', 'itemGroup', 'itemGroupLabel', 'separator'],
  base: {
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      cursor: 'pointer',
      borderRadius: 'md',
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
    },
    positioner: { zIndex: 'dropdown' },
    content: { ...popupStyles.popup, minW: '48' },
    item: { ...popupStyles.option, justifyContent: 'flex-start', textDecoration: 'none', color: 'fg.default' },
    itemGroup: {},
    itemGroupLabel: { px: '2', py: '1.5', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted' },
    separator: { my: '1', borderTopWidth: '1px', borderColor: 'border.default' },
  },
})
