/**
 * The PWA's own configuration, read once from the build (nothing else reads import.meta.env).
 * Values the provider configures at run time (support phone and e-mail, company location, FAQs link)
 * come from GET /api/config instead, see lib/public-config.ts.
 */
function megabytes(value: unknown, fallback: number): number {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
  return Math.round((Number.isFinite(parsed) && parsed > 0 ? parsed : fallback) * 1024 * 1024)
}

export const appConfig = {
  /** Every call of the portal goes to this base on the same origin. */
  apiBase: '/api',
  /** The user's time zone for display is the provider's (SPEC: the UI shows America/New_York). */
  timeZone: 'America/New_York',
  /** Bumped when the persisted query cache's shape changes, so old caches are dropped. */
  cacheVersion: 'v2',
  /** How long data saved for offline use is kept (the persister's maxAge; gcTime is at least this). */
  offlineCacheMaxAgeMs: 7 * 24 * 60 * 60 * 1000,
  /**
   * The most bytes of document files one user keeps on this device for offline reading (default
   * 200 MB; the build's VITE_OFFLINE_FILE_CACHE_MB sets another). Oldest files go first.
   */
  offlineFileCacheBytes: megabytes(import.meta.env.VITE_OFFLINE_FILE_CACHE_MB, 200),
  /** A kept document file goes after this long: documents are shredded 60 days after they arrive. */
  offlineFileMaxAgeMs: 60 * 24 * 60 * 60 * 1000,
  /** Refresh the access token this long before it expires. */
  tokenRefreshLeadMs: 60 * 1000,
  isProduction: import.meta.env.PROD,
} as const
