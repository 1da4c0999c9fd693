import { PAGE_SIZES } from '@contract/common'
import { css, cx } from 'styled-system/css'
import { table as tableRecipe } from 'styled-system/recipes'
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from './icons.tsx'
import { groupDigits } from '~/lib/money'

/** The page sizes the API takes (one list, in the contract), and a window of five page numbers. */
export { PAGE_SIZES }
export const PAGE_WINDOW = 5

/**
 * Zero-based page indexes to show as numbers: `size` pages around the current one, shifted so the
 * window stays full near the first and last pages.
 */
export function pageWindow(pageIndex: number, pageCount: number, size = PAGE_WINDOW): number[] {
  if (pageCount <= 0) return []
  const length = Math.min(size, pageCount)
  const start = Math.min(Math.max(0, pageIndex - Math.floor(size / 2)), pageCount - length)
  return Array.from({ length }, (_, offset) => start + offset)
}

// A native select: light on every table page, and the platform's own picker on phones and tablets.
const pageSizeLabel = css({ display: 'inline-flex', alignItems: 'center', gap: '2', whiteSpace: 'nowrap', fontSize: 'sm', color: 'fg.default' })
const pageSizeSelect = css({
  h: '9',
  minW: '20',
  px: '2',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.canvas',
  color: 'fg.default',
  fontSize: 'sm',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'accent.text', outlineOffset: '1px' },
})

export type PaginationBarProps = {
  /** The table's name, so several tables on a page have distinct navigation landmarks. */
  label: string
  pageIndex: number
  pageCount: number
  pageSize: number
  rowCount: number
  /** The total is an estimate: "Showing 1–20 of about 1,000,000". */
  rowCountIsEstimate?: boolean
  pageSizes: readonly number[]
  onPageChange: (pageIndex: number) => void
  onPageSizeChange: (pageSize: number) => void
  /**
   * The first page is still loading: the bar keeps its place but is not shown (it would say "No rows"),
   * and a list shorter than a page then moves it up while it is invisible, which is no layout shift.
   */
  waiting?: boolean
}

const waitingBar = css({ visibility: 'hidden' })

/** @noUseSignals (reads `event.target.value`, not a signal) */
export function PaginationBar({
  label,
  pageIndex,
  pageCount,
  pageSize,
  rowCount,
  rowCountIsEstimate,
  pageSizes,
  onPageChange,
  onPageSizeChange,
  waiting = false,
}: PaginationBarProps) {
  const classes = tableRecipe()
  const first = rowCount === 0 ? 0 : pageIndex * pageSize + 1
  const last = Math.min(rowCount, (pageIndex + 1) * pageSize)
  const atStart = pageIndex <= 0
  const atEnd = pageIndex >= pageCount - 1
  return (
    <div className={cx(classes.footer, waiting && waitingBar)}>
      <div className={classes.pageSize}>
        <label className={pageSizeLabel}>
          Per Page
          <select className={pageSizeSelect} value={String(pageSize)} onChange={(event) => onPageSizeChange(Number(event.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <span aria-live="polite">
          {rowCount === 0
            ? 'No rows'
            : rowCountIsEstimate
              ? `Showing ${first}–${last} of about ${groupDigits(rowCount)}`
              : `Showing ${first}–${last} of ${rowCount}`}
        </span>
      </div>
      <nav aria-label={`${label} pagination`} className={classes.pagination}>
        <button type="button" className={classes.pageButton} aria-label="First page" disabled={atStart} onClick={() => onPageChange(0)}>
          <ChevronsLeftIcon />
        </button>
        <button type="button" className={classes.pageButton} aria-label="Previous page" disabled={atStart} onClick={() => onPageChange(pageIndex - 1)}>
          <ChevronLeftIcon />
        </button>
        {pageWindow(pageIndex, pageCount).map((page) => (
          <button
            key={page}
            type="button"
            className={classes.pageButton}
            aria-label={`Page ${page + 1}`}
            aria-current={page === pageIndex ? 'page' : undefined}
            onClick={() => onPageChange(page)}
          >
            {page + 1}
          </button>
        ))}
        <button type="button" className={classes.pageButton} aria-label="Next page" disabled={atEnd} onClick={() => onPageChange(pageIndex + 1)}>
          <ChevronRightIcon />
        </button>
        <button type="button" className={classes.pageButton} aria-label="Last page" disabled={atEnd} onClick={() => onPageChange(pageCount - 1)}>
          <ChevronsRightIcon />
        </button>
      </nav>
    </div>
  )
}
