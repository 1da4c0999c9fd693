import { describe, expect, it } from 'vitest'
import { KeptUntilChanged } from './kept-until-changed'

describe('KeptUntilChanged', () => {
  it('keeps a value until its time is up, and no longer', () => {
    const kept = new KeptUntilChanged<string>(10)
    kept.set('a', 'one', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    expect(kept.get('a', 999)).toBe('one')
    expect(kept.get('a', 1_000)).toBeUndefined()
    expect(kept.get('b', 0)).toBeUndefined()
  })

  it('gives no value for an instant before it was read (a clock set back)', () => {
    const kept = new KeptUntilChanged<string>(10)
    kept.set('a', 'one', { fromMs: 500, untilMs: 1_000 }, kept.generation)
    expect(kept.get('a', 500)).toBe('one')
    expect(kept.get('a', 499)).toBeUndefined()
  })

  it('forgets everything on clear', () => {
    const kept = new KeptUntilChanged<string>(10)
    kept.set('a', 'one', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    kept.set('b', 'two', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    kept.clear()
    expect(kept.get('a', 0)).toBeUndefined()
    expect(kept.get('b', 0)).toBeUndefined()
  })

  it('does not store a value read before a clear (a read racing a change)', () => {
    const kept = new KeptUntilChanged<string>(10)
    const before = kept.generation
    kept.clear()
    kept.set('a', 'old', { fromMs: 0, untilMs: 1_000 }, before)
    expect(kept.get('a', 0)).toBeUndefined()
    kept.set('a', 'new', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    expect(kept.get('a', 0)).toBe('new')
  })

  it('makes room by dropping the oldest entry, not by refusing the new one', () => {
    const kept = new KeptUntilChanged<string>(2)
    kept.set('a', 'one', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    kept.set('b', 'two', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    kept.set('b', 'two again', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    expect(kept.get('a', 0)).toBe('one')
    kept.set('c', 'three', { fromMs: 0, untilMs: 1_000 }, kept.generation)
    expect(kept.get('a', 0)).toBeUndefined()
    expect(kept.get('b', 0)).toBe('two again')
    expect(kept.get('c', 0)).toBe('three')
  })
})
