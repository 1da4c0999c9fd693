import { describe, expect, it } from 'vitest'
import { listParams, listStateFromSearch, searchFromListState, statusFromText } from './list-params'

describe('staff list params', () => {
  it('reads a typed status filter as the one status it starts, else as none', () => {
    expect(statusFromText('deact')).toBe('deactivated')
    expect(statusFromText('Inv')).toBe('invited')
    expect(statusFromText('active')).toBe('active')
    expect(statusFromText('x')).toBeUndefined()
    expect(statusFromText('')).toBeUndefined()
  })

  it('sends the search, filters and sort as GET /api/users reads them', () => {
    const state = listStateFromSearch({ page: 2, sort: 'email', order: 'desc', q: ' rivera ', name: 'Ada', role: 'clerk', status: 'deac' })
    expect(listParams(state)).toEqual({ page: 2, pageSize: 20, sort: 'email', order: 'desc', q: 'rivera', name: 'Ada', role: 'clerk', status: 'deactivated' })
  })

  it('keeps a plain address for the first page without filters', () => {
    const search = searchFromListState({ page: 1, pageSize: 20, q: '', filters: { email: ' ' } })
    expect(Object.values(search).filter((value) => value !== undefined)).toEqual([])
  })
})
