import { defineSlotRecipe } from '@pandacss/dev'

/**
 * Below this width of its own box (phones, tablets, a narrow column) a table lays each row out as a
 * block of labelled fields that wrap, instead of columns that would need sideways scrolling.
 */
const STACKED = '@container data-table (max-width: 52rem)'

export const table = defineSlotRecipe({
  className: 'data-table',
  slots: ['root', 'toolbar', 'scroll', 'table', 'head', 'headerCell', 'sortButton', 'filterCell', 'body', 'row', 'cell', 'empty', 'footer', 'pageSize', 'pagination', 'pageButton'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3', width: '100%', minW: '0', containerType: 'inline-size', containerName: 'data-table' },
    toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
    // Wide tables scroll sideways inside their own box on narrow screens instead of widening the page.
    // Positioned, so what is absolutely placed inside (screen-reader-only text) stays in its box.
    scroll: {
      position: 'relative',
      width: '100%',
      overflowX: 'auto',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'lg',
      bg: 'bg.surface',
      WebkitOverflowScrolling: 'touch',
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
    },
    table: { width: '100%', borderCollapse: 'collapse', fontSize: 'sm', fontVariantNumeric: 'tabular-nums', [STACKED]: { display: 'block' } },
    head: {
      bg: 'bg.subtle',
      [STACKED]: {
        display: 'block',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        '& > tr': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1', px: '2', py: '1.5' },
      },
    },
    headerCell: {
      textAlign: 'start',
      px: '2',
      py: '2.5',
      fontWeight: 'semibold',
      color: 'fg.default',
      whiteSpace: 'nowrap',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      verticalAlign: 'bottom',
      // The selection and serial columns take only the width of their content.
      '&[data-narrow]': { width: '1%' },
      // Stacked, a header cell is as wide as its content: a narrow one must not shrink under it.
      [STACKED]: { display: 'block', px: '1.5', py: '1', borderBottomWidth: '0', fontSize: 'xs', '&[data-narrow]': { width: 'auto', flexShrink: 0 } },
    },
    sortButton: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      fontWeight: 'inherit',
      cursor: 'pointer',
      borderRadius: 'sm',
      _hover: { color: 'accent.text' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
    },
    filterCell: {
      px: '2',
      pb: '2',
      pt: '0',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      '& input': { minW: '0', w: '100%' },
      [STACKED]: { display: 'block', flex: '1 1 8rem', p: '0', borderBottomWidth: '0', '&:empty': { display: 'none' } },
    },
    body: { [STACKED]: { display: 'block' } },
    row: {
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      _last: { borderBottomWidth: '0' },
      _hover: { bg: 'bg.subtle' },
      '&[data-selected]': { bg: 'accent.subtle' },
      [STACKED]: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: '4', rowGap: '1', px: '1', py: '2' },
    },
    cell: {
      px: '2',
      py: '2.5',
      color: 'fg.default',
      verticalAlign: 'middle',
      [STACKED]: {
        display: 'block',
        flex: '0 1 auto',
        minW: '0',
        maxW: '100%',
        px: '2',
        py: '1',
        overflowWrap: 'anywhere',
        '&[data-label]::before': { content: 'attr(data-label)', display: 'block', fontSize: 'xs', color: 'fg.muted' },
        // The actions take a line of their own.
        '&[data-actions]': { flexBasis: '100%' },
      },
    },
    empty: { px: '3', py: '10', textAlign: 'center', color: 'fg.muted', [STACKED]: { display: 'block' } },
    footer: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', fontSize: 'sm', color: 'fg.muted' },
    pageSize: { display: 'inline-flex', alignItems: 'center', gap: '2' },
    pagination: { display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' },
    pageButton: {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      minW: '9',
      h: '9',
      px: '2',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'border.default',
      bg: 'bg.surface',
      color: 'fg.default',
      fontSize: 'sm',
      cursor: 'pointer',
      _hover: { _enabled: { bg: 'bg.muted' } },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
      '&[aria-current=page]': { bg: 'accent', color: 'accent.fg', borderColor: 'accent', fontWeight: 'semibold' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
    },
  },
})
