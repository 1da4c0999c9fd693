import { PERMISSIONS, isPermCode } from '@contract/permissions'
import type { Role } from '@contract/roles'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { errorMessage } from '~/lib/api-client'
import { PERM, usePermission } from '~/lib/permissions'
import { useSession } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Badge } from '~/ui/badge'
import { createColumnHelper, DataTable, type ColumnDef } from '~/ui/data-table'
import { ListPage } from '~/ui/list-page'
import { roleListQueryOptions } from './api'

const column = createColumnHelper<Role>()
const codes = css({ display: 'flex', flexWrap: 'wrap', gap: '1', minW: '48' })
const muted = css({ color: 'fg.muted' })
const name = css({ fontWeight: 'semibold' })

const codesText = (role: Role) => (role.superAdmin ? 'Every permission' : role.permCodes.join(' '))

function roleColumns(editableId: (role: Role) => boolean): ColumnDef<Role, any>[] {
  return [
    column.accessor('name', {
      header: 'Role',
      cell: (info) => {
        const role = info.row.original
        return editableId(role) ? (
          <Link to="/provider/roles/edit/$id" params={{ id: String(role.id) }} className={name}>
            {role.name}
          </Link>
        ) : (
          <span className={name}>{role.name}</span>
        )
      },
    }),
    column.accessor('description', { header: 'Description', cell: (info) => info.getValue() || <span className={muted}>—</span> }),
    column.accessor('userCount', { header: 'Users', meta: { align: 'end' } }),
    column.accessor(codesText, {
      id: 'permCodes',
      header: 'Permissions',
      enableSorting: false,
      cell: (info) => {
        const role = info.row.original
        if (role.superAdmin) return <Badge tone="info">Every permission</Badge>
        if (!role.permCodes.length) return <span className={muted}>None</span>
        return (
          <span className={codes}>
            {role.permCodes.map((code) => (
              <Badge key={code} tone="neutral" title={isPermCode(code) ? PERMISSIONS[code].label : code}>
                {code}
              </Badge>
            ))}
          </span>
        )
      },
    }),
  ]
}

/**
 * Provider › Roles (RCV): every staff role with its number of users and its codes. Roles open for
 * editing with RCE, except super admin and the signed-in user's own role; "Add role" needs RCC.
 */
export function RolesPage() {
  const list = useQuery(roleListQueryOptions())
  const session = useSession()
  const canCreate = usePermission(PERM.RCC)
  const canEdit = usePermission(PERM.RCE)
  const ownRoleId = session?.user.roleId
  const columns = useMemo(() => roleColumns((role) => canEdit && !role.superAdmin && role.id !== ownRoleId), [canEdit, ownRoleId])
  return (
    <ListPage
      title="Roles"
      header={PageHeader}
      description="What each staff role may do, and how many users hold it."
      actions={
        canCreate ? (
          <Link to="/provider/roles/add" className={cx(button({ variant: 'solid' }))}>
            Add role
          </Link>
        ) : undefined
      }
      query={list}
      onRetry={() => void list.refetch()}
      errorTitle="The roles could not be loaded"
      errorText={errorMessage}
    >
      <DataTable<Role>
        label="Roles"
        searchPlaceholder="Search roles or codes…"
        data={list.data ?? []}
        columns={columns}
        getRowId={(role) => String(role.id)}
        loading={list.isFetching && !list.data}
      />
    </ListPage>
  )
}
