import { and, eq, lt } from 'drizzle-orm'
import { INVOICE_STATUS } from '../../contract/invoices'
import { invoices } from '../db/schema'
import { notifyClient } from '../notifications'
import type { Job } from './scheduler'

/**
 * Marks NEW invoices whose due date has passed as OVERDUE. Idempotent: a second run at the same time
 * changes nothing, and a paid invoice is never touched. Uses the (status, due_date) index.
 */
export const markOverdueJob = {
  name: 'mark-overdue',
  everyMs: 15 * 60_000,
  async run(deps, now): Promise<{ marked: number }> {
    const marked = await deps.db
      .update(invoices)
      .set({ status: INVOICE_STATUS.OVERDUE })
      .where(and(eq(invoices.status, INVOICE_STATUS.NEW), lt(invoices.dueDate, now)))
      .returning({ id: invoices.id, clientId: invoices.clientId, invoiceNumber: invoices.invoiceNumber })
    for (const invoice of marked) await notifyClient(deps.db, invoice.clientId, `Invoice ${invoice.invoiceNumber} is overdue`, { kind: 'invoice' }, now)
    if (marked.length) deps.logger.info('invoices marked overdue', { count: marked.length })
    return { marked: marked.length }
  },
} satisfies Job
