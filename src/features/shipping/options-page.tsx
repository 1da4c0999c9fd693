import type { ShippingOption } from '@contract/shipping'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { formatMoney } from '~/lib/money'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { createColumnHelper, DataTable, type ColumnDef } from '~/ui/data-table'
import { ListPage } from '~/ui/list-page'
import { PageHeader } from '~/ui/page-header'
import { shippingOptionsQueryOptions } from './api'
import { shippingName } from './format'

// The dialog loads when it is first opened.
const ShippingOptionDialog = lazy(() => import('./option-dialog').then((m) => ({ default: m.ShippingOptionDialog })))

const column = createColumnHelper<ShippingOption>()
const strong = css({ fontWeight: 'semibold' })

function optionColumns(onEdit: (option: ShippingOption) => void): ColumnDef<ShippingOption, any>[] {
  return [
    column.accessor('carrier', { header: 'Carrier', cell: (info) => <span className={strong}>{info.getValue()}</span> }),
    column.accessor('speed', { header: 'Speed' }),
    column.accessor('price', { header: 'Price', meta: { align: 'end' }, cell: (info) => formatMoney(info.getValue()) }),
    column.accessor((option) => (option.active ? 'Offered' : 'Off'), {
      id: 'active',
      header: 'Status',
      cell: (info) => <Badge tone={info.row.original.active ? 'success' : 'neutral'}>{info.getValue()}</Badge>,
    }),
    column.accessor('sortOrder', { header: 'Order', meta: { align: 'end' } }),
    column.display({
      id: 'action',
      header: 'Action',
      cell: (info) => (
        <Button variant="outline" size="sm" onClick={() => onEdit(info.row.original)} aria-label={`Edit ${shippingName(info.row.original)}`}>
          Edit
        </Button>
      ),
    }),
  ]
}

/**
 * Provider › Shipping options (SHE): the carriers and speeds clients may have originals mailed by, in
 * the order the request form lists them, with the price charged once per shipment. Add and Edit open
 * a dialog; an option turned off is no longer offered but stays on the shipments that chose it.
 */
export function ShippingOptionsPage() {
  const list = useQuery(shippingOptionsQueryOptions())
  // null: closed; 'new': adding; an option: editing it.
  const [editing, setEditing] = useState<ShippingOption | 'new' | null>(null)
  const columns = useMemo(() => optionColumns(setEditing), [])
  return (
    <>
      <ListPage
        title="Shipping options"
        header={PageHeader}
        description="Carriers and speeds clients can have their originals mailed by, and the price charged once per shipment on an invoice."
        actions={<Button onClick={() => setEditing('new')}>Add option</Button>}
        query={list}
        onRetry={() => void list.refetch()}
        errorTitle="The shipping options could not be loaded"
        errorText={errorMessage}
      >
        <DataTable<ShippingOption>
          label="Shipping options"
          searchable={false}
          data={list.data ?? []}
          columns={columns}
          getRowId={(option) => String(option.id)}
          loading={list.isFetching && !list.data}
          emptyMessage="No shipping options yet. Add one so clients can request their originals by mail."
        />
      </ListPage>
      {editing !== null && (
        <Suspense fallback={null}>
          <ShippingOptionDialog option={editing === 'new' ? undefined : editing} options={list.data ?? []} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </>
  )
}
