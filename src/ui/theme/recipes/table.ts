import { defineSlotRecipe } from '@pandacss/dev'

/**
 * Below 1024 px (phones and tablets) a table lays each row out as a card of labelled fields on a grid
 * that is the same for every row, so the fields line up from one card to the next; from 1024 px it is a
 * table. By the window's width rather than the table's own, so that a tablet in landscape gets the
 * table beside the open side menu.
 */
const STACKED = 'lgDown'
/**
 * From 1024 to 1280 px a table shares the width with the open side menu (about 700 px for its columns):
 * it is denser there (13 px text, 6 px between a cell's text and its edges, headings on two lines where
 * needed, only the sorted column's arrow), so that every column fits without scrolling.
 */
const DENSE = 'lgOnly'
/** The narrowest a card's field gets: two a line on a phone, three on a tablet beside the side menu. */
const FIELD_MIN = '8.5rem'

export const table = defineSlotRecipe({
  className: 'data-table',
  slots: [
    'root',
    'toolbar',
    'search',
    'filtersToggle',
    'scroll',
    'table',
    'head',
    'headerCell',
    'sortButton',
    'filterRow',
    'filterCell',
    'filterLabel',
    'body',
    'row',
    'cell',
    'empty',
    'footer',
    'pageSize',
    'pagination',
    'pageButton',
  ],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '3', width: '100%', minW: '0' },
    toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' },
    // Wide enough on a desktop for a placeholder naming what the search covers ('Company, name, e-mail, phone');
    // on a phone the Filters button moves to the next line rather than squeeze it.
    search: { flex: { base: '1 1 15rem', sm: '0 1 24rem' }, minW: '0' },
    // The filters of a card list are behind this button; a table shows them under its headers.
    filtersToggle: { mr: 'auto', lg: { display: 'none' } },
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
    table: {
      width: '100%',
      borderCollapse: 'collapse',
      fontSize: 'sm',
      fontVariantNumeric: 'tabular-nums',
      [DENSE]: { fontSize: '0.8125rem' },
      [STACKED]: { display: 'block' },
    },
    head: {
      bg: 'bg.subtle',
      [STACKED]: {
        display: 'block',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        // The column names are the cards' sort buttons, side by side.
        '& > tr:first-child': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '1', rowGap: '0', px: '1', py: '1' },
      },
    },
    headerCell: {
      textAlign: 'start',
      px: '2',
      py: '2',
      fontWeight: 'semibold',
      color: 'fg.default',
      whiteSpace: 'nowrap',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      verticalAlign: 'bottom',
      // The selection and serial columns take only the width of their content.
      '&[data-narrow]': { width: '1%' },
      [DENSE]: { px: '1.5', whiteSpace: 'normal' },
      // Stacked, a header cell is as wide as its content: a narrow one must not shrink under it.
      [STACKED]: {
        display: 'flex',
        alignItems: 'center',
        px: '0',
        py: '0',
        borderBottomWidth: '0',
        fontSize: 'xs',
        '&[data-narrow]': { width: 'auto', flexShrink: 0, minH: '11', px: '1.5' },
      },
    },
    // At least 24 px tall on a desktop; a finger's 44 px on phones and tablets.
    sortButton: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      minH: '6',
      fontWeight: 'inherit',
      cursor: 'pointer',
      borderRadius: 'sm',
      _hover: { color: 'accent.text' },
      _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
      [STACKED]: { minH: '11', px: '1.5' },
    },
    filterRow: {
      // Cards: the filters are a grid of labelled fields, shown with the Filters button.
      [STACKED]: {
        display: 'none',
        gridTemplateColumns: `repeat(auto-fill, minmax(${FIELD_MIN}, 1fr))`,
        gap: '3',
        px: '3',
        pt: '2',
        pb: '3',
        borderTopWidth: '1px',
        borderColor: 'border.default',
        '[data-filters-open] &': { display: 'grid' },
      },
    },
    filterCell: {
      px: '2',
      pb: '2',
      pt: '0',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      '& input': { minW: '0', w: '100%' },
      [DENSE]: { px: '1.5' },
      [STACKED]: { display: 'block', p: '0', borderBottomWidth: '0', '&:empty': { display: 'none' }, '& input': { h: '11' } },
    },
    // Under its column's header a filter needs no label of its own on screen; in a card list it does.
    filterLabel: {
      srOnly: true,
      [STACKED]: { srOnly: false, display: 'block', mb: '1', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.default' },
    },
    body: { [STACKED]: { display: 'block' } },
    row: {
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      _last: { borderBottomWidth: '0' },
      _hover: { bg: 'bg.subtle' },
      '&[data-selected]': { bg: 'accent.subtle' },
      // A card: every row has the same grid, so its fields line up with the next card's. A selection box
      // sits in the card's top left corner, beside the fields.
      [STACKED]: {
        position: 'relative',
        display: 'grid',
        gridTemplateColumns: `repeat(auto-fill, minmax(${FIELD_MIN}, 1fr))`,
        alignItems: 'start',
        columnGap: '4',
        rowGap: '2',
        px: '3',
        py: '3',
        '&:has(> [data-select])': { pl: '14' },
      },
    },
    cell: {
      px: '2',
      py: '2.5',
      color: 'fg.default',
      verticalAlign: 'middle',
      [DENSE]: { px: '1.5' },
      // A link in a cell (a company, a user, a role) is a 24 px target, not a 16 px line of text.
      '& a:not(.button)': { display: 'inline-flex', alignItems: 'center', minH: '6' },
      [STACKED]: {
        display: 'block',
        minW: '0',
        p: '0',
        overflowWrap: 'anywhere',
        '&[data-label]::before': { content: 'attr(data-label)', display: 'block', fontSize: 'xs', color: 'fg.muted' },
        // The actions take a line of their own, with a finger's room (their buttons say what they are:
        // no 'Actions' name above them).
        '&[data-actions]': {
          gridColumn: '1 / -1',
          '&::before': { display: 'none' },
          '& :is(a, button)': { display: 'inline-flex', alignItems: 'center', minH: '11', minW: '11' },
        },
        '&[data-select]': { position: 'absolute', top: '2', left: '1.5' },
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
