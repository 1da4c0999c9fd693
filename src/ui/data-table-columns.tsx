import type { ColumnDef } from '@tanstack/react-table'
import { useId, useLayoutEffect, useMemo, useRef } from 'react'
import { css } from 'styled-system/css'
import { visuallyHiddenClass } from './spinner.tsx'
import { notify } from './toaster.tsx'

/** The ids of the columns the table adds in front of the caller's. */
export const SELECT_COLUMN = '__select'
export const SERIAL_COLUMN = '__serial'

export interface LeadingColumnOptions<T> {
  selectable: boolean
  serialNumbers: boolean
  canSelectRow?: (row: T) => true | string
  rowLabel?: (row: T) => string
}

/** The caller's columns, after a selection column and a serial number column when asked for. */
export function useLeadingColumns<T>(
  columns: ColumnDef<T, any>[],
  { selectable, serialNumbers, canSelectRow, rowLabel }: LeadingColumnOptions<T>,
): ColumnDef<T, any>[] {
  return useMemo<ColumnDef<T, any>[]>(() => {
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
  // Cards (phones and tablets): a larger box, as fingers choose rows.
  lgDown: { w: '6', h: '6' },
})
// What a pointer or finger may press to tick the box: 24 px in a table, 44 px on a card.
const selectionTarget = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minW: '6',
  minH: '6',
  cursor: 'pointer',
  lgDown: { minW: '11', minH: '11' },
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
    <label className={selectionTarget}>
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
    </label>
  )
}
