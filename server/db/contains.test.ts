import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from './client'
import { contains } from './contains'

let database: Database
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' })
  await database.db.execute(sql`create temporary table names (name text not null)`)
  await database.db.execute(
    sql`insert into names values ('scan-12345.pdf'), ('Scan-12345-b.PDF'), ('other-12345.pdf'), ('scan-1234.pdf'), ('100%_sure.pdf'), ('1000 sure.pdf')`,
  )
})
afterAll(() => database.close())

const matching = async (text: string, options?: { caseSensitive?: boolean }) => {
  const result = await database.db.execute(sql`select name from names where ${contains(sql.raw('name'), text, options)} order by name`)
  return ((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { name: string }[]).map((row) => row.name)
}

describe('contains', () => {
  it('finds the whole text, not just its digits, whatever the case', async () => {
    expect(await matching('scan-12345')).toEqual(['Scan-12345-b.PDF', 'scan-12345.pdf'])
    expect(await matching('12345')).toEqual(['Scan-12345-b.PDF', 'other-12345.pdf', 'scan-12345.pdf'])
    expect(await matching('SCAN-1234')).toEqual(['Scan-12345-b.PDF', 'scan-1234.pdf', 'scan-12345.pdf'])
  })

  it('keeps case when asked to', async () => {
    expect(await matching('Scan-12345', { caseSensitive: true })).toEqual(['Scan-12345-b.PDF'])
  })

  it("takes the searcher's wildcards literally", async () => {
    expect(await matching('100%_')).toEqual(['100%_sure.pdf'])
    expect(await matching('_')).toEqual(['100%_sure.pdf'])
  })
})
