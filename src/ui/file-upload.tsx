import { FileUpload as ArkFileUpload } from '@ark-ui/react/file-upload'
import { formatBytes } from '@contract/file-size'
import { useId } from 'react'
import { cx } from 'styled-system/css'
import { button, fileUpload } from 'styled-system/recipes'
import { useArkFieldProps, useFieldContext } from './field.tsx'
import { FileIcon, UploadIcon } from './icons.tsx'

export type FileUploadProps = {
  /** The chosen file, or null. */
  file: File | null
  /** A file was chosen (also one `accept` does not list: the form says what is wrong with it), or removed. */
  onFileChange: (file: File | null) => void
  /** File types the picker offers, as an input's `accept` ('.pdf,image/png'). */
  accept?: string
  /** The button's words. */
  chooseLabel?: string
  /** Said beside the button while no file is chosen. */
  emptyText?: string
  name?: string
  disabled?: boolean
  className?: string
}

/**
 * A single-file picker (Ark FileUpload) inside a kit Field: a "Choose file" button named by the Field's
 * label, then the chosen file's name and size with a Remove button. The file input itself stays out of
 * sight (the browser's "Choose File · No file chosen" cannot be styled). Controlled: `file` null empties it.
 */
export function FileUpload({
  file,
  onFileChange,
  accept,
  chooseLabel = 'Choose file',
  emptyText = 'No file chosen',
  name,
  disabled,
  className,
}: FileUploadProps) {
  const classes = fileUpload()
  const field = useFieldContext()
  const inField = useArkFieldProps('hiddenInput')
  const triggerId = `file-upload-trigger-${useId()}`
  return (
    <ArkFileUpload.Root
      className={cx(classes.root, className)}
      maxFiles={1}
      accept={accept}
      acceptedFiles={file ? [file] : []}
      onFileChange={(details) => onFileChange(details.acceptedFiles[0] ?? details.rejectedFiles[0]?.file ?? null)}
      name={name}
      {...inField}
      ids={{ ...inField.ids, trigger: triggerId }}
      disabled={disabled ?? inField.disabled}
    >
      <div className={classes.control}>
        <ArkFileUpload.Trigger
          className={button({ variant: 'outline', size: 'md' })}
          // The Field's label and the button's words: "Attachment, Choose file".
          aria-labelledby={field ? `${field.ids.label} ${triggerId}` : undefined}
          aria-describedby={field?.describedBy}
          aria-invalid={field?.invalid || undefined}
        >
          <UploadIcon />
          {file ? 'Choose another file' : chooseLabel}
        </ArkFileUpload.Trigger>
        {!file && <span className={classes.hint}>{emptyText}</span>}
      </div>
      {file && (
        <div className={classes.item} data-invalid={field?.invalid || undefined}>
          <FileIcon size={20} className={classes.itemIcon} />
          <span className={classes.itemName}>
            {file.name}
            <span className={classes.itemSizeText}>{formatBytes(file.size)}</span>
          </span>
          <button
            type="button"
            className={button({ variant: 'ghost', size: 'sm' })}
            onClick={() => onFileChange(null)}
            aria-label={`Remove ${file.name}`}
            disabled={disabled}
          >
            Remove
          </button>
        </div>
      )}
      <ArkFileUpload.HiddenInput />
    </ArkFileUpload.Root>
  )
}
