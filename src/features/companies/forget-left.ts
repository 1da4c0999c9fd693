import type { Company } from '@contract/team'
import { documentFileCacheName } from '~/features/documents/file-cache'
import { forgetCompaniesLeft } from '~/lib/query-client'

/**
 * A person removed from a company keeps nothing of it on this device: that company's saved lists go,
 * and with them the document files and words saved for reading offline. Those are kept per person, not
 * per company, so all of them go; the companies the person still belongs to fetch theirs again when
 * opened. Best effort: blocked storage keeps what it holds until the next start.
 */
export async function forgetLeftCompanies(userId: number, companies: readonly Company[]): Promise<void> {
  try {
    const removed = await forgetCompaniesLeft(
      userId,
      companies.map((company) => company.clientId),
    )
    if (removed && typeof caches !== 'undefined') await caches.delete(documentFileCacheName(userId))
  } catch {
    // storage blocked
  }
}
