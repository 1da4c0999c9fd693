import { describe, expect, it } from 'vitest'
import { CacheUntilChanged } from './cache-until-changed'

describe('CacheUntilChanged', () => {
  it('caches a value until its time is up, and no longer', () => {
    const cache = new CacheUntilChanged<string>(10)
    cache.set('a', 'one', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    expect(cache.get('a', 999)).toBe('one')
    expect(cache.get('a', 1_000)).toBeUndefined()
    expect(cache.get('b', 0)).toBeUndefined()
  })

  it('gives no value for an instant before it was read (a clock set back)', () => {
    const cache = new CacheUntilChanged<string>(10)
    cache.set('a', 'one', { fromMs: 500, untilMs: 1_000 }, cache.stamp)
    expect(cache.get('a', 500)).toBe('one')
    expect(cache.get('a', 499)).toBeUndefined()
  })

  it('forgets everything on clear', () => {
    const cache = new CacheUntilChanged<string>(10)
    cache.set('a', 'one', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    cache.set('b', 'two', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    cache.clear()
    expect(cache.get('a', 0)).toBeUndefined()
    expect(cache.get('b', 0)).toBeUndefined()
  })

  it('does not store a value read before a clear (a read racing a change)', () => {
    const cache = new CacheUntilChanged<string>(10)
    const before = cache.stamp
    cache.clear()
    cache.set('a', 'old', { fromMs: 0, untilMs: 1_000 }, before)
    expect(cache.get('a', 0)).toBeUndefined()
    cache.set('a', 'new', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    expect(cache.get('a', 0)).toBe('new')
  })

  it('makes room by dropping the oldest entry, not by refusing the new one', () => {
    const cache = new CacheUntilChanged<string>(2)
    cache.set('a', 'one', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    cache.set('b', 'two', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    cache.set('b', 'two again', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    expect(cache.get('a', 0)).toBe('one')
    cache.set('c', 'three', { fromMs: 0, untilMs: 1_000 }, cache.stamp)
    expect(cache.get('a', 0)).toBeUndefined()
    expect(cache.get('b', 0)).toBe('two again')
    expect(cache.get('c', 0)).toBe('three')
  })

  it('drops by table only the values read from it, and refuses a value read from it before the drop', () => {
    const cache = new CacheUntilChanged<string>(10)
    cache.set('invoices', 'one', { fromMs: 0, untilMs: 1_000, tables: ['invoices', 'clients'] }, cache.stamp)
    cache.set('documents', 'two', { fromMs: 0, untilMs: 1_000, tables: ['documents', 'clients'] }, cache.stamp)
    const before = cache.stamp
    cache.drop('invoices')
    expect(cache.get('invoices', 0)).toBeUndefined()
    expect(cache.get('documents', 0)).toBe('two')
    cache.set('invoices', 'old', { fromMs: 0, untilMs: 1_000, tables: ['invoices'] }, before)
    expect(cache.get('invoices', 0)).toBeUndefined()
    cache.set('other', 'fine', { fromMs: 0, untilMs: 1_000, tables: ['documents'] }, before)
    expect(cache.get('other', 0)).toBe('fine')
    cache.drop('clients')
    expect(cache.get('documents', 0)).toBeUndefined()
  })
})
