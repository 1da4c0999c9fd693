import { sql } from 'drizzle-orm'
import type { Db } from './client'

/** Asks the database a trivial question; throws when it cannot answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`)
}
