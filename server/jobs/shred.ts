import { documentFiles, shredExpiredDocuments, sweepOrphanBlobs, sweepTemporaryBlobs } from '../documents/shred'
import { supportAttachmentFiles } from '../support/attachment'
import type { Job } from './scheduler'

/**
 * Daily: shreds documents past their 60 days (file deleted, record kept as 'shredded') unless a mail
 * request is open, then removes document files and support attachments that no record points to and temporary files of
 * interrupted uploads (both older than an hour). Safe to run twice, or on two servers at once.
 */
export const shredJob: Job = {
  name: 'shred-documents',
  everyMs: 24 * 60 * 60 * 1000,
  async run(deps, now) {
    const { shredded, failedFileDeletes } = await shredExpiredDocuments(deps, now)
    const { orphansDeleted } = await sweepOrphanBlobs(deps, now, [documentFiles, supportAttachmentFiles])
    const { tempFilesDeleted } = await sweepTemporaryBlobs(deps, now)
    return { shredded, failedFileDeletes, orphansDeleted, tempFilesDeleted }
  },
}
