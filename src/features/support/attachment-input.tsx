import { SUPPORT_ATTACHMENT_ACCEPT } from '@contract/support'
import { FileUpload } from '~/ui/file-upload'

/** The optional attachment of a support message (a PDF or an image), in the kit's file picker, labelled by its Field. */
export function AttachmentInput({ file, onFileChange }: { file: File | null; onFileChange: (file: File | null) => void }) {
  return <FileUpload file={file} onFileChange={onFileChange} accept={SUPPORT_ATTACHMENT_ACCEPT} name="attachment" />
}
