import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type Column,
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type PaginationState,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table'
import { useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { table as tableRecipe } from 'styled-system/recipes'
import { PAGE_SIZES, PaginationBar } from './data-table-pagination.tsx'
import { ArrowDownIcon, ArrowUpIcon, SortIcon } from './icons.tsx'
import { DebouncedInput } from './search-input.tsx'
import { Spinner, visuallyHiddenClass } from './spinner.tsx'
import { notify } from './toaster.tsx'

export type { ColumnDef, ColumnFiltersState, PaginationState, RowSelectionState, SortingState }
export { createColumnHelper } from '@tanstack/react-table'
export { PAGE_SIZES, PAGE_WINDOW, pageWindow } from './data-table-pagination.tsx'

declare module '@tanstack/react-table' {
  // Type parameters must match the library's declaration.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Text that search and the column filter match (e.g. the formatted date); defaults to the cell value. */
    searchText?: (row: TData) => string
    /** Column name for labels when `header` is not a plain string. */
    label?: string
    align?: 'start' | 'center' | 'end'
    /**
     * What a loading placeholder row shows in this column, when its cells are taller than one line of
     * text (e.g. a group of buttons that wraps): laid out invisibly, so the placeholder row takes the
     * height real rows will take. Defaults to a one-line bar.
     */
    placeholder?: ReactNode
  }
}

/** Column filters wait 500 ms after the last key; so does the table's search. */
export const FILTER_DEBOUNCE_MS = 500
export const NO_RESULTS_TEXT = 'No results.'

export type DataTableProps<T> = {
  data: T[]
  columns: ColumnDef<T, any>[]
  /** Accessible name of the table (a caption read by screen readers), e.g. 'Invoices'. */
  label: string
  getRowId?: (row: T, index: number) => string

  /** Global search box (default on). */
  searchable?: boolean
  searchPlaceholder?: string
  /** Per-column filter inputs under the headers (default on; a column opts out with enableColumnFilter: false). */
  columnFilters?: boolean

  /** Adds a checkbox column. */
  selectable?: boolean
  /** `true` when the row may be selected, else the message shown when the user tries (10 s error toast). */
  canSelectRow?: (row: T) => true | string
  onSelectionChange?: (rows: T[]) => void
  /** Words naming a row for its checkbox label: 'Select {rowLabel}'. Defaults to 'row N'. */
  rowLabel?: (row: T) => string
  rowSelection?: RowSelectionState
  onRowSelectionChange?: (selection: RowSelectionState) => void

  /** Adds a serial number column counting across pages. */
  serialNumbers?: boolean

  defaultPageSize?: number
  pageSizes?: readonly number[]

  /** Server-side paging, sorting and filtering: `data` is the current page and `rowCount` the total. */
  manual?: boolean
  rowCount?: number
  /** `rowCount` is an estimate (a very large list): the footer says "about". */
  rowCountIsEstimate?: boolean

  /** Controlled state (e.g. kept in the URL); each is optional and falls back to internal state. */
  pagination?: PaginationState
  onPaginationChange?: (pagination: PaginationState) => void
  sorting?: SortingState
  onSortingChange?: (sorting: SortingState) => void
  columnFilterValues?: ColumnFiltersState
  onColumnFiltersChange?: (filters: ColumnFiltersState) => void
  globalFilter?: string
  onGlobalFilterChange?: (value: string) => void

  loading?: boolean
  emptyMessage?: ReactNode
  /** Extra controls at the right of the toolbar (refresh button, actions). */
  toolbar?: ReactNode
  className?: string
}

/** A piece of state the caller may control; otherwise kept here. */
function useControllable<S>(value: S | undefined, onChange: ((next: S) => void) | undefined, initial: S | (() => S)) {
  const [own, setOwn] = useState<S>(initial)
  const current = value !== undefined ? value : own
  const currentRef = useRef(current)
  currentRef.current = current
  const set = (updater: Updater<S>) => {
    const next = typeof updater === 'function' ? (updater as (old: S) => S)(currentRef.current) : updater
    currentRef.current = next
    if (value === undefined) setOwn(next)
    onChange?.(next)
  }
  return [current, set] as const
}

function columnName<T>(column: Column<T, unknown>): string {
  const header = column.columnDef.header
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id)
}

function textOf<T>(row: Row<T>, columnId: string): string {
  const column = row._getAllCellsByColumnId()[columnId]?.column
  const searchText = column?.columnDef.meta?.searchText
  if (searchText) return searchText(row.original)
  const value = row.getValue(columnId)
  return value === null || value === undefined ? '' : String(value)
}

const includesText: FilterFn<any> = (row, columnId, filterValue) => {
  const needle = String(filterValue ?? '').trim().toLowerCase()
  return needle === '' || textOf(row, columnId).toLowerCase().includes(needle)
}

/** Loading placeholders: one per row of the page, within reason. */
export const MAX_SKELETON_ROWS = 50
function skeletonRowCount(pageSize: number): number {
  return Math.max(1, Math.min(pageSize, MAX_SKELETON_ROWS))
}

const searchBox = css({ flex: { base: '1 1 12rem', sm: '0 1 18rem' }, minW: '0' })
const skeletonReserve = css({ visibility: 'hidden' })
const spinnerSlot = css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', w: '4', h: '4' })
// One line of table text (the body's line height, 1.5) so a placeholder row is as tall as a row of plain text.
const skeletonBar = css({
  display: 'block',
  h: '1.5em',
  w: '100%',
  minW: '8',
  borderRadius: 'sm',
  bg: 'bg.muted',
  '@media (prefers-reduced-motion: no-preference)': { animation: 'pulse 1.5s ease-in-out infinite' },
})

const SELECT_COLUMN = '__select'
const SERIAL_COLUMN = '__serial'
const ACTION_COLUMNS = new Set(['action', 'actions'])

/**
 * What a cell shows when rows are laid out as blocks in a narrow box: its column's name above the
 * value (not for the selection box), and a line of its own for the actions.
 */
function stackedCellProps<T>(column: Column<T, unknown>): { 'data-label'?: string; 'data-actions'?: '' } {
  if (column.id === SELECT_COLUMN) return {}
  return { 'data-label': columnName(column), ...(ACTION_COLUMNS.has(column.id) ? { 'data-actions': '' } : {}) }
}

/**
 * The portal's table: global search, per-column filters (500 ms debounce),
 * sortable headers, optional selection and serial columns, 'No results.', 'Per Page' 10/20/50/100 and
 * first/previous/next/last with a window of five page numbers. Built on TanStack Table; with `manual`
 * it only reports state changes and shows what the server sent.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
    data,
    columns,
    label,
    getRowId,
    searchable = true,
    searchPlaceholder = 'Search…',
    columnFilters: showColumnFilters = true,
    selectable = false,
    canSelectRow,
    onSelectionChange,
    rowLabel,
    serialNumbers = false,
    defaultPageSize = 20,
    pageSizes = PAGE_SIZES,
    manual = false,
    rowCount,
    loading = false,
    emptyMessage = NO_RESULTS_TEXT,
    toolbar,
    className,
  } = props
  const classes = tableRecipe()

  const [pagination, setPagination] = useControllable<PaginationState>(props.pagination, props.onPaginationChange, () => ({
    pageIndex: 0,
    pageSize: defaultPageSize,
  }))
  const [sorting, setSorting] = useControllable<SortingState>(props.sorting, props.onSortingChange, [])
  const [columnFilters, setColumnFilters] = useControllable<ColumnFiltersState>(props.columnFilterValues, props.onColumnFiltersChange, [])
  const [globalFilter, setGlobalFilter] = useControllable<string>(props.globalFilter, props.onGlobalFilterChange, '')
  const [rowSelection, setRowSelection] = useControllable<RowSelectionState>(props.rowSelection, props.onRowSelectionChange, {})

  // Rows seen on earlier pages, so a selection spanning server pages can still be reported as rows.
  const seenRows = useRef(new Map<string, T>())

  const allColumns = useMemo<ColumnDef<T, any>[]>(() => {
    const extra: ColumnDef<T, any>[] = []
    if (selectable) {
      extra.push({
        id: SELECT_COLUMN,
        enableSorting: false,
        enableColumnFilter: false,
        enableGlobalFilter: false,
        header: ({ table }) => {
          const pageRows = table.getRowModel().rows
          const selectableRows = pageRows.filter((row) => row.getCanSelect())
          const selectedCount = selectableRows.filter((row) => row.getIsSelected()).length
          return (
            <SelectionCheckbox
              label="Select all rows on this page"
              disabled={selectableRows.length === 0}
              checked={selectedCount > 0 && selectedCount === selectableRows.length}
              indeterminate={selectedCount > 0 && selectedCount < selectableRows.length}
              onChange={(checked) => table.toggleAllPageRowsSelected(checked)}
            />
          )
        },
        cell: ({ row, table }) => {
          const verdict = canSelectRow ? canSelectRow(row.original) : true
          const index = table.getRowModel().rows.indexOf(row)
          const name = rowLabel ? rowLabel(row.original) : `row ${table.getState().pagination.pageIndex * table.getState().pagination.pageSize + index + 1}`
          return (
            <SelectionCheckbox
              label={`Select ${name}`}
              checked={row.getIsSelected()}
              // A refused row stays focusable and says why, rather than being silently disabled.
              refusal={verdict === true ? undefined : verdict}
              onChange={(checked) => row.toggleSelected(checked)}
            />
          )
        },
        meta: { label: 'Select' },
      })
    }
    if (serialNumbers) {
      extra.push({
        id: SERIAL_COLUMN,
        header: 'No.',
        enableSorting: false,
        enableColumnFilter: false,
        enableGlobalFilter: false,
        cell: ({ row, table }) => {
          const { pageIndex, pageSize } = table.getState().pagination
          return pageIndex * pageSize + table.getRowModel().rows.indexOf(row) + 1
        },
        meta: { label: 'Number' },
      })
    }
    return [...extra, ...columns]
  }, [columns, selectable, serialNumbers, canSelectRow, rowLabel])

  const table = useReactTable<T>({
    data,
    columns: allColumns,
    getRowId,
    state: { pagination, sorting, columnFilters, globalFilter, rowSelection },
    defaultColumn: { filterFn: includesText },
    globalFilterFn: includesText,
    getColumnCanGlobalFilter: (column) => column.columnDef.enableGlobalFilter !== false && (column.accessorFn !== undefined || Boolean(column.columnDef.meta?.searchText)),
    sortDescFirst: false,
    enableRowSelection: selectable ? (row) => (canSelectRow ? canSelectRow(row.original) === true : true) : false,
    manualPagination: manual,
    manualSorting: manual,
    manualFiltering: manual,
    rowCount: manual ? (rowCount ?? data.length) : undefined,
    autoResetPageIndex: false,
    onPaginationChange: setPagination,
    onSortingChange: (updater) => {
      setSorting(updater)
      setPagination((old) => ({ ...old, pageIndex: 0 }))
    },
    onColumnFiltersChange: (updater) => {
      setColumnFilters(updater)
      setPagination((old) => ({ ...old, pageIndex: 0 }))
    },
    onGlobalFilterChange: (updater) => {
      setGlobalFilter(updater)
      setPagination((old) => ({ ...old, pageIndex: 0 }))
    },
    onRowSelectionChange: (updater) => {
      const next = typeof updater === 'function' ? updater(rowSelection) : updater
      setRowSelection(next)
      if (!onSelectionChange) return
      const byId = table.getCoreRowModel().rowsById
      onSelectionChange(
        Object.keys(next)
          .filter((id) => next[id])
          .map((id) => byId[id]?.original ?? seenRows.current.get(id))
          .filter((row): row is T => row !== undefined),
      )
    },
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: manual ? undefined : getFilteredRowModel(),
    getSortedRowModel: manual ? undefined : getSortedRowModel(),
    getPaginationRowModel: manual ? undefined : getPaginationRowModel(),
  })

  if (manual && selectable) for (const row of table.getCoreRowModel().rows) seenRows.current.set(row.id, row.original)

  const rows = table.getRowModel().rows
  const visibleColumns = table.getVisibleLeafColumns()
  const filterableColumns = showColumnFilters && visibleColumns.some((column) => column.getCanFilter())
  const totalRows = manual ? table.getRowCount() : table.getFilteredRowModel().rows.length
  const pageCount = Math.max(table.getPageCount(), 0)

  const alignClass = (column: Column<T, unknown>) => {
    const align = column.columnDef.meta?.align
    return align === 'end' ? css({ textAlign: 'end' }) : align === 'center' ? css({ textAlign: 'center' }) : undefined
  }

  return (
    <div className={cx(classes.root, className)}>
      {/* The toolbar keeps one height loading and loaded: the search box shares its line with a
          fixed slot for the spinner, so nothing wraps differently when the spinner comes or goes. */}
      {(searchable || toolbar) && (
        <div className={classes.toolbar}>
          {searchable ? (
            <div className={searchBox}>
              <DebouncedInput
                aria-label={`Search ${label.toLowerCase()}`}
                placeholder={searchPlaceholder}
                value={globalFilter}
                onValueChange={(value) => table.setGlobalFilter(value)}
                delayMs={FILTER_DEBOUNCE_MS}
                withIcon
              />
            </div>
          ) : (
            <span />
          )}
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 })}>
            <span className={spinnerSlot}>{loading && <Spinner size="sm" label="Loading" />}</span>
            {toolbar}
          </div>
        </div>
      )}

      <div className={classes.scroll} role="region" aria-label={label} tabIndex={0}>
        <table className={classes.table} aria-busy={loading || undefined}>
          <caption className={visuallyHiddenClass}>{label}</caption>
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
                      style={column.id === SELECT_COLUMN || column.id === SERIAL_COLUMN ? { width: '1%' } : undefined}
                    >
                      {header.isPlaceholder ? null : canSort ? (
                        <button type="button" className={classes.sortButton} onClick={column.getToggleSortingHandler()}>
                          {flexRender(column.columnDef.header, header.getContext())}
                          {sorted === 'asc' ? <ArrowUpIcon /> : sorted === 'desc' ? <ArrowDownIcon /> : <SortIcon className={css({ color: 'fg.muted' })} />}
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
              <tr>
                {visibleColumns.map((column) => (
                  <td key={column.id} className={classes.filterCell}>
                    {column.getCanFilter() && (
                      <DebouncedInput
                        size="sm"
                        aria-label={`Filter by ${columnName(column)}`}
                        placeholder="Filter…"
                        value={String(column.getFilterValue() ?? '')}
                        onValueChange={(value) => column.setFilterValue(value === '' ? undefined : value)}
                        delayMs={FILTER_DEBOUNCE_MS}
                      />
                    )}
                  </td>
                ))}
              </tr>
            )}
          </thead>
          <tbody className={classes.body}>
            {rows.length === 0 && loading ? (
              // Placeholder rows as tall as the page they stand for, so the pager and what follows do
              // not move when the rows arrive.
              Array.from({ length: skeletonRowCount(pagination.pageSize) }, (_, index) => (
                <tr key={`skeleton-${index}`} className={classes.row} data-skeleton="">
                  {visibleColumns.map((column, columnIndex) => (
                    <td key={column.id} className={classes.cell} {...stackedCellProps(column)}>
                      {index === 0 && columnIndex === 0 && !(searchable || toolbar) ? <span role="status" className={visuallyHiddenClass}>Loading</span> : null}
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
              ))
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={visibleColumns.length} className={classes.empty}>
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className={classes.row} data-selected={row.getIsSelected() || undefined}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className={cx(classes.cell, alignClass(cell.column))} {...stackedCellProps(cell.column)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <PaginationBar
        label={label}
        pageIndex={pagination.pageIndex}
        pageCount={pageCount}
        pageSize={pagination.pageSize}
        rowCount={totalRows}
        rowCountIsEstimate={manual && props.rowCountIsEstimate}
        pageSizes={pageSizes}
        onPageChange={(pageIndex) => table.setPageIndex(pageIndex)}
        onPageSizeChange={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
      />
    </div>
  )
}

const selectionBox = css({
  display: 'block',
  w: '4.5',
  h: '4.5',
  m: '0',
  accentColor: 'accent',
  cursor: 'pointer',
  _disabled: { cursor: 'not-allowed', opacity: 0.6 },
  '&[aria-readonly=true]': { cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

/**
 * Row selection: a native checkbox (the browser's own keyboard and screen-reader behaviour, no state
 * machine on every list page). The header's mixed state is set through the element, as HTML has no
 * attribute for it. A refused row keeps its box focusable, read-only, described by the reason, which
 * a click also shows as a toast.
 */
function SelectionCheckbox({
  label,
  checked,
  indeterminate = false,
  disabled,
  refusal,
  onChange,
}: {
  label: string
  checked: boolean
  indeterminate?: boolean
  disabled?: boolean
  refusal?: string
  onChange: (checked: boolean) => void
}) {
  const ref = useRef<HTMLInputElement>(null)
  const reasonId = useId()
  // After every render: a click clears the element's mixed state whatever the table decides.
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate
  })
  return (
    <>
      <input
        ref={ref}
        type="checkbox"
        className={selectionBox}
        aria-label={label}
        checked={checked}
        disabled={disabled}
        aria-readonly={refusal ? true : undefined}
        aria-describedby={refusal ? reasonId : undefined}
        onChange={(event) => {
          if (refusal) notify.error(refusal)
          else onChange(event.target.checked)
        }}
      />
      {refusal && (
        <span id={reasonId} className={visuallyHiddenClass}>
          {refusal}
        </span>
      )}
    </>
  )
}
