import { SUPPORT_ATTACHMENT_ACCEPT } from '@contract/support'
import { forwardRef } from 'react'
import { useFieldControlProps } from '~/ui/field'

/** The file input of a support message, labelled by its Field. */
export const AttachmentInput = forwardRef<HTMLInputElement, { onFileChange: (file: File | null) => void }>(function AttachmentInput({ onFileChange }, ref) {
  const fieldProps = useFieldControlProps()
  return (
    <input
      {...fieldProps}
      ref={ref}
      type="file"
      name="attachment"
      accept={SUPPORT_ATTACHMENT_ACCEPT}
      onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
    />
  )
})
