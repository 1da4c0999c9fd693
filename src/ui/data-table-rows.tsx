import { flexRender, type Column, type Table } from '@tanstack/react-table'
import { useId, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import type { table as tableRecipe } from 'styled-system/recipes'
import { SELECT_COLUMN, SERIAL_COLUMN } from './data-table-columns.tsx'
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './icons.tsx'
import { DebouncedInput } from './search-input.tsx'
import { visuallyHiddenClass } from './spinner.tsx'

/** Column filters wait 500 ms after the last key; so does the table's search. */
export const FILTER_DEBOUNCE_MS = 500

/** Loading placeholders: one per row of the page, within reason. */
export const MAX_SKELETON_ROWS = 50
function skeletonRowCount(pageSize: number): number {
  return Math.max(1, Math.min(pageSize, MAX_SKELETON_ROWS))
}
/**
 * The first placeholder rows (what a screen shows) have a cell per column, like the rows to come; the
 * rest, further down the page, hold their height with one cell spanning the row, a few elements instead
 * of two per column: a page of placeholders costs a phone little to lay out.
 */
export const DETAILED_SKELETON_ROWS = 6

const skeletonReserve = css({ visibility: 'hidden' })
// The spanning cell is as tall as a row of cells: one bar, and the columns' own placeholders (a button, a badge) laid out invisibly beside it.
// Stacked (cards), the cell takes the card's whole line.
const plainSkeletonCell = css({ gridColumn: '1 / -1', '& > *': { display: 'flex', alignItems: 'center', gap: '4', overflow: 'hidden' } })
const plainSkeletonFill = css({ flex: '1' })
// One line of table text (the body's line height, 1.5) so a placeholder row is as tall as a row of plain text.
const skeletonBar = css({ display: 'block', h: '1.5em', w: '100%', minW: '8', borderRadius: 'sm', bg: 'bg.muted' })
// The placeholders pulse together: one animation on the rows' group, not one per bar. A page of
// placeholders has 60-70 bars, and as many animations cost a phone a long task as they start (each
// its own layer and its own animationstart event).
const pulsing = css({ '@media (prefers-reduced-motion: no-preference)': { animation: 'pulse 1.5s ease-in-out infinite' } })

const ACTION_COLUMNS = new Set(['action', 'actions'])

type TableClasses = ReturnType<typeof tableRecipe>

export function columnName<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id)
}

/**
 * What a cell shows when rows are laid out as cards: its column's name above the value, a line of its
 * own for the actions, the card's corner for the selection box.
 */
function stackedCellProps<T>(column: Column<T, unknown>): { 'data-label'?: string; 'data-actions'?: ''; 'data-select'?: '' } {
  if (column.id === SELECT_COLUMN) return { 'data-select': '' }
  return { 'data-label': columnName(column), ...(ACTION_COLUMNS.has(column.id) ? { 'data-actions': '' } : {}) }
}

// A card's fields all read from the start, amounts too.
const alignEnd = css({ textAlign: 'end', lgDown: { textAlign: 'start' } })
const alignCenter = css({ textAlign: 'center', lgDown: { textAlign: 'start' } })
// Beside the open side menu (1024-1280 px) only the sorted column shows its arrow: the unsorted ones'
// would cost the columns some 18 px each. Headers still look and act as buttons (hover, focus).
const unsortedIcon = css({ color: 'fg.muted', lgOnly: { display: 'none' } })

function alignClass<T>(column: Column<T, unknown>) {
  const align = column.columnDef.meta?.align
  return align === 'end' ? alignEnd : align === 'center' ? alignCenter : undefined
}

/**
 * The header rows: sortable column names, then a filter box per filterable column (`filterRowId`: the
 * Filters button of a card list shows and hides that row).
 */
export function DataTableHead<T>({
  table,
  classes,
  filterableColumns,
  filterRowId,
}: {
  table: Table<T>
  classes: TableClasses
  filterableColumns: boolean
  filterRowId: string
}) {
  const visibleColumns = table.getVisibleLeafColumns()
  const idPrefix = useId()
  return (
    <thead className={classes.head}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id}>
          {group.headers.map((header) => {
            const column = header.column
            const sorted = column.getIsSorted()
            const canSort = column.getCanSort()
            return (
              <th
                key={header.id}
                scope="col"
                colSpan={header.colSpan}
                className={cx(classes.headerCell, alignClass(column))}
                aria-sort={canSort ? (sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none') : undefined}
                data-narrow={column.id === SELECT_COLUMN || column.id === SERIAL_COLUMN || undefined}
              >
                {header.isPlaceholder ? null : canSort ? (
                  <button type="button" className={classes.sortButton} onClick={column.getToggleSortingHandler()}>
                    {flexRender(column.columnDef.header, header.getContext())}
                    {sorted === 'asc' ? <ArrowUpIcon /> : sorted === 'desc' ? <ArrowDownIcon /> : <SortIcon className={unsortedIcon} />}
                  </button>
                ) : (
                  flexRender(column.columnDef.header, header.getContext())
                )}
              </th>
            )
          })}
        </tr>
      ))}
      {filterableColumns && (
        <tr id={filterRowId} className={classes.filterRow}>
          {visibleColumns.map((column) => (
            <td key={column.id} className={classes.filterCell}>
              {column.getCanFilter() && (
                <>
                  <label htmlFor={`${idPrefix}-${column.id}`} className={classes.filterLabel}>
                    <span className={visuallyHiddenClass}>Filter by </span>
                    {columnName(column)}
                  </label>
                  <DebouncedInput
                    id={`${idPrefix}-${column.id}`}
                    size="sm"
                    placeholder="Filter…"
                    value={String(column.getFilterValue() ?? '')}
                    onValueChange={(value) => column.setFilterValue(value === '' ? undefined : value)}
                    delayMs={FILTER_DEBOUNCE_MS}
                  />
                </>
              )}
            </td>
          ))}
        </tr>
      )}
    </thead>
  )
}

/**
 * The rows of the page; while the first page loads, placeholder rows as tall as the page; with no
 * rows, the empty message.
 */
export function DataTableBody<T>({
  table,
  classes,
  loading,
  announceLoading,
  emptyMessage,
  drawnRows,
}: {
  table: Table<T>
  classes: TableClasses
  loading: boolean
  /** No toolbar shows the spinner: the first placeholder cell says 'Loading' to screen readers. */
  announceLoading: boolean
  emptyMessage: ReactNode
  /** Rows drawn so far (the rest hold their place as placeholders); all of them when not given. */
  drawnRows?: number
}) {
  const rows = table.getRowModel().rows
  const visibleColumns = table.getVisibleLeafColumns()
  const { pageSize } = table.getState().pagination
  const placeholders = rows.length === 0 && loading
  return (
    <tbody className={cx(classes.body, placeholders && pulsing)}>
      {placeholders ? (
        // Placeholder rows as tall as the page they stand for, so the pager and what follows do
        // not move when the rows arrive.
        Array.from({ length: skeletonRowCount(pageSize) }, (_, index) =>
          index < DETAILED_SKELETON_ROWS ? (
            <tr key={`skeleton-${index}`} className={classes.row} data-skeleton="">
              {visibleColumns.map((column, columnIndex) => (
                <td key={column.id} className={classes.cell} {...stackedCellProps(column)}>
                  {index === 0 && columnIndex === 0 && announceLoading ? (
                    <span role="status" className={visuallyHiddenClass}>
                      Loading
                    </span>
                  ) : null}
                  {column.columnDef.meta?.placeholder !== undefined ? (
                    <div aria-hidden="true" className={skeletonReserve}>
                      {column.columnDef.meta.placeholder}
                    </div>
                  ) : (
                    <span aria-hidden="true" className={skeletonBar} />
                  )}
                </td>
              ))}
            </tr>
          ) : (
            <PlainSkeletonRow key={`skeleton-${index}`} columns={visibleColumns} classes={classes} />
          ),
        )
      ) : rows.length === 0 ? (
        <tr>
          <td colSpan={visibleColumns.length} className={classes.empty}>
            {emptyMessage}
          </td>
        </tr>
      ) : (
        <>
          {rows.slice(0, drawnRows).map((row) => (
            <tr key={row.id} className={classes.row} data-selected={row.getIsSelected() || undefined}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cx(classes.cell, alignClass(cell.column))} {...stackedCellProps(cell.column)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
          {rows.slice(drawnRows ?? rows.length).map((row) => (
            <PlainSkeletonRow key={`placeholder-${row.id}`} columns={visibleColumns} classes={classes} />
          ))}
        </>
      )}
    </tbody>
  )
}

/** A placeholder row below the first ones: one cell holding a row's height (see DETAILED_SKELETON_ROWS). */
function PlainSkeletonRow<T>({ columns, classes }: { columns: Column<T, unknown>[]; classes: TableClasses }) {
  return (
    <tr className={classes.row} data-skeleton="">
      <td colSpan={columns.length} className={cx(classes.cell, plainSkeletonCell)}>
        <div aria-hidden="true">
          <span className={cx(skeletonBar, plainSkeletonFill)} />
          {columns.map((column) =>
            column.columnDef.meta?.placeholder !== undefined ? (
              <div key={column.id} className={skeletonReserve}>
                {column.columnDef.meta.placeholder}
              </div>
            ) : null,
          )}
        </div>
      </td>
    </tr>
  )
}
