import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@contract/support'
import { REQUIRED_MESSAGE } from '@contract/common'
import { tooLargeMessage } from '@contract/file-size'

/**
 * What the support forms check before sending (the server checks the same, and the attachment's
 * content too): required texts, their limits, and the attachment's size and kind by its name.
 */
const ATTACHMENT_NAME = /\.(pdf|jpe?g|png|tiff?)$/i

export function subjectProblem(subject: string): string | null {
  if (!subject.trim()) return REQUIRED_MESSAGE
  if (subject.trim().length > SUPPORT_SUBJECT_MAX) return `Subject cannot exceed ${SUPPORT_SUBJECT_MAX} characters`
  return null
}

export function messageProblem(message: string): string | null {
  if (!message.trim()) return REQUIRED_MESSAGE
  if (message.trim().length > SUPPORT_MESSAGE_MAX) return `Message cannot exceed ${SUPPORT_MESSAGE_MAX} characters`
  return null
}

export function attachmentProblem(file: File | null, maxBytes?: number): string | null {
  if (!file) return null
  if (!ATTACHMENT_NAME.test(file.name)) return 'Attach a PDF or an image (JPEG, PNG or TIFF)'
  if (maxBytes && file.size > maxBytes) return tooLargeMessage(file.name, maxBytes)
  return null
}
