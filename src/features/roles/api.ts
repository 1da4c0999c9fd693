import { RoleListSchema, RoleSchema, type Role, type RoleBodyInput } from '@contract/roles'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/**
 * Staff roles: GET /api/roles (also read by the user screens to pick a role), GET/PUT/DELETE
 * /api/roles/{id}, POST /api/roles. Writes are never queued: they need a connection.
 */
export const roleKeys = {
  all: ['staff-roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  detail: (id: number) => [...roleKeys.all, 'detail', id] as const,
}

export const roleListQueryOptions = () =>
  queryOptions({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => api.get('/roles', { schema: RoleListSchema, signal }),
  })

export const roleQueryOptions = (id: number) =>
  queryOptions({
    queryKey: roleKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/roles/${id}`, { schema: RoleSchema, signal }),
  })

function useRoleWrite<TVars>(mutationFn: (vars: TVars) => Promise<Role | undefined>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    networkMode: 'always',
    // Role names and counts show on the user screens too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: roleKeys.all }), queryClient.invalidateQueries({ queryKey: ['staff-users'] })]),
  })
}

export const useCreateRole = () => useRoleWrite((body: RoleBodyInput) => api.post('/roles', body, { schema: RoleSchema }))
export const useUpdateRole = (id: number) => useRoleWrite((body: RoleBodyInput) => api.put(`/roles/${id}`, body, { schema: RoleSchema }))
export const useDeleteRole = () => useRoleWrite(async (id: number) => void (await api.delete(`/roles/${id}`)))
