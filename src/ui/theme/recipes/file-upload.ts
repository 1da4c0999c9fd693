import { defineSlotRecipe } from '@pandacss/dev'

/** The file picker (Ark FileUpload): a "Choose file" button, then the chosen file with its size and Remove. */
export const fileUpload = defineSlotRecipe({
  className: 'file-upload',
  slots: ['root', 'control', 'hint', 'item', 'itemIcon', 'itemName', 'itemSizeText'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '2', width: '100%' },
    control: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' },
    hint: { fontSize: 'sm', color: 'fg.muted' },
    item: {
      display: 'grid',
      gridTemplateColumns: 'auto minmax(0, 1fr) auto',
      alignItems: 'center',
      gap: '3',
      px: '3',
      py: '2',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'md',
      '&[data-invalid]': { borderColor: 'border.danger' },
    },
    itemIcon: { color: 'fg.muted', flexShrink: 0 },
    itemName: { fontSize: 'sm', fontWeight: 'medium', overflowWrap: 'anywhere' },
    itemSizeText: { display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' },
  },
})
