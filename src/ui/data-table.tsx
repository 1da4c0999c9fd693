import {
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
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
import { startTransition, useDeferredValue, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { table as tableRecipe } from 'styled-system/recipes'
import { Button } from './button.tsx'
import { useLeadingColumns } from './data-table-columns.tsx'
import { FilterIcon } from './icons.tsx'
import { PAGE_SIZES, PaginationBar } from './data-table-pagination.tsx'
import { DataTableBody, DataTableHead, DETAILED_SKELETON_ROWS, FILTER_DEBOUNCE_MS } from './data-table-rows.tsx'
import { DebouncedInput } from './search-input.tsx'
import { Spinner, visuallyHiddenClass } from './spinner.tsx'

export type { ColumnDef, ColumnFiltersState, PaginationState, RowSelectionState, SortingState }
export { createColumnHelper } from '@tanstack/react-table'
export { PAGE_SIZES, PAGE_WINDOW, pageWindow } from './data-table-pagination.tsx'
export { DETAILED_SKELETON_ROWS, FILTER_DEBOUNCE_MS, MAX_SKELETON_ROWS } from './data-table-rows.tsx'

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

function textOf<T>(row: Row<T>, columnId: string): string {
  const column = row._getAllCellsByColumnId()[columnId]?.column
  const searchText = column?.columnDef.meta?.searchText
  if (searchText) return searchText(row.original)
  const value = row.getValue(columnId)
  return value === null || value === undefined ? '' : String(value)
}

const includesText: FilterFn<any> = (row, columnId, filterValue) => {
  const needle = String(filterValue ?? '')
    .trim()
    .toLowerCase()
  return needle === '' || textOf(row, columnId).toLowerCase().includes(needle)
}

const spinnerSlot = css({ display: 'inline-flex', alignItems: 'center', justifyContent: 'center', w: '4', h: '4' })
const toolbarEnd = css({ display: 'flex', alignItems: 'center', gap: '2', flexShrink: 0 })
// The recipe has no variants: its class names are worked out once, not on every render.
const classes = tableRecipe()
const NO_ROWS: never[] = []
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
    emptyMessage = NO_RESULTS_TEXT,
    toolbar,
    className,
  } = props
  // A page's rows are drawn after the rest of the page, in the background: React builds them between
  // frames rather than in one long task with the page's first render. Until they are drawn, the
  // loading placeholders hold their place (the same as while the rows are on their way).
  const shownData = useDeferredValue(data, NO_ROWS as T[])
  // (An empty list passed anew is no change: it must not flash the placeholders.)
  const drawingRows = shownData.length === 0 && data.length > 0
  const loading = props.loading === true || drawingRows
  // The table's first rows are drawn in two steps: those a screen shows, the rest still placeholders,
  // then the rest in a background render, so a long first page is two shorter tasks rather than one.
  // Only the first time: rows already on screen are never put back to placeholders.
  const [drawnOnce, setDrawnOnce] = useState(false)
  const drawingInTwo = !drawnOnce && shownData.length > DETAILED_SKELETON_ROWS
  useEffect(() => {
    if (drawingInTwo) startTransition(() => setDrawnOnce(true))
  }, [drawingInTwo])

  const [pagination, setPagination] = useControllable<PaginationState>(props.pagination, props.onPaginationChange, () => ({
    pageIndex: 0,
    pageSize: defaultPageSize,
  }))
  const [sorting, setSorting] = useControllable<SortingState>(props.sorting, props.onSortingChange, [])
  const [columnFilters, setColumnFilters] = useControllable<ColumnFiltersState>(props.columnFilterValues, props.onColumnFiltersChange, [])
  const [globalFilter, setGlobalFilter] = useControllable<string>(props.globalFilter, props.onGlobalFilterChange, '')
  const [rowSelection, setRowSelection] = useControllable<RowSelectionState>(props.rowSelection, props.onRowSelectionChange, {})
  // A card list's filters are behind a button; shown from the start when some are set.
  const [filtersOpen, setFiltersOpen] = useState(() => columnFilters.length > 0)
  const filterRowId = useId()

  // Rows seen on earlier pages, so a selection spanning server pages can still be reported as rows.
  const seenRows = useRef(new Map<string, T>())

  const allColumns = useLeadingColumns(columns, { selectable, serialNumbers, canSelectRow, rowLabel })

  const table = useReactTable<T>({
    data: shownData,
    columns: allColumns,
    getRowId,
    state: { pagination, sorting, columnFilters, globalFilter, rowSelection },
    defaultColumn: { filterFn: includesText },
    globalFilterFn: includesText,
    getColumnCanGlobalFilter: (column) =>
      column.columnDef.enableGlobalFilter !== false && (column.accessorFn !== undefined || Boolean(column.columnDef.meta?.searchText)),
    sortDescFirst: false,
    enableRowSelection: selectable ? (row) => (canSelectRow ? canSelectRow(row.original) === true : true) : false,
    manualPagination: manual,
    manualSorting: manual,
    manualFiltering: manual,
    rowCount: manual ? (rowCount ?? shownData.length) : undefined,
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

  const visibleColumns = table.getVisibleLeafColumns()
  const filterableColumns = showColumnFilters && visibleColumns.some((column) => column.getCanFilter())
  const totalRows = manual ? table.getRowCount() : table.getFilteredRowModel().rows.length
  const pageCount = Math.max(table.getPageCount(), 0)

  const activeFilters = columnFilters.filter((filter) => filter.value !== undefined && filter.value !== '').length
  const showToolbar = searchable || Boolean(toolbar) || filterableColumns

  return (
    <div className={cx(classes.root, className)} data-filters-open={filtersOpen || undefined}>
      {/* The toolbar keeps one height loading and loaded: the search box shares its line with a
          fixed slot for the spinner, so nothing wraps differently when the spinner comes or goes. */}
      {showToolbar && (
        <div className={classes.toolbar}>
          {searchable ? (
            <div className={classes.search}>
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
          {filterableColumns && (
            <Button
              variant="outline"
              className={classes.filtersToggle}
              aria-expanded={filtersOpen}
              aria-controls={filterRowId}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <FilterIcon />
              {activeFilters > 0 ? `Filters (${activeFilters})` : 'Filters'}
            </Button>
          )}
          <div className={toolbarEnd}>
            <span className={spinnerSlot}>{props.loading && <Spinner size="sm" label="Loading" />}</span>
            {toolbar}
          </div>
        </div>
      )}

      <div className={classes.scroll} role="region" aria-label={label} tabIndex={0}>
        <table className={classes.table} aria-busy={loading || undefined}>
          <caption className={visuallyHiddenClass}>{label}</caption>
          <DataTableHead table={table} classes={classes} filterableColumns={filterableColumns} filterRowId={filterRowId} />
          <DataTableBody
            table={table}
            classes={classes}
            loading={loading}
            announceLoading={!showToolbar}
            emptyMessage={emptyMessage}
            drawnRows={drawingInTwo ? DETAILED_SKELETON_ROWS : undefined}
          />
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
        waiting={loading && table.getRowModel().rows.length === 0}
      />
    </div>
  )
}
