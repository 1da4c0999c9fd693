/**
 * Light pieces of documents that other features show (the mail request pages): no tables, dialogs or
 * upload code. A public entry of this feature, like ./keys and ./routing.
 */
export { documentKeys, type DocumentScope } from './keys'
export { documentListQueryOptions, documentTypesQueryOptions } from './api'
export { RetentionNotice, RETENTION_NOTICE } from './retention-notice'
