import { SecondFactorResetResponseSchema } from '@contract/second-factor'
import { StaffUserDetailSchema, StaffUserPageSchema, StaffUserSchema, type CreateUserBody, type UpdateUserBody, type UserListParams } from '@contract/users'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/**
 * Staff users: GET /api/users (a page, searched, filtered and sorted on the server), GET /api/users/{id}
 * (with history), and the writes. Writes are never queued: they need a connection.
 */
export type { UserListParams }

export const userKeys = {
  all: ['staff-users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (params: UserListParams) => [...userKeys.lists(), params] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
}

export const userListQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(params),
    queryFn: ({ signal }) => api.get('/users', { query: { ...params }, schema: StaffUserPageSchema, signal }),
    placeholderData: keepPreviousData,
  })

export const userQueryOptions = (id: number) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/users/${id}`, { schema: StaffUserDetailSchema, signal }),
  })

function useUserWrite<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn,
    networkMode: 'always',
    // Users and the roles' user counts.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: userKeys.all }), queryClient.invalidateQueries({ queryKey: ['staff-roles'] })]),
  })
}

export const useCreateUser = () => useUserWrite((body: CreateUserBody) => api.post('/users', body, { schema: StaffUserSchema }))
export const useUpdateUser = (id: number) => useUserWrite((body: UpdateUserBody) => api.patch(`/users/${id}`, body, { schema: StaffUserSchema }))
export const useUserAction = (id: number) =>
  useUserWrite((action: 'deactivate' | 'reactivate' | 'invitation') => api.post(`/users/${id}/${action}`, undefined, { schema: StaffUserSchema }))

/** A super admin removes another user's second factors (app, recovery codes, passkeys): DELETE /api/users/{id}/second-factors. */
export const useResetSecondFactors = (id: number) => useUserWrite(() => api.delete(`/users/${id}/second-factors`, { schema: SecondFactorResetResponseSchema }))
