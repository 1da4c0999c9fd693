import { DOCUMENT_UPLOAD_ACCEPT } from '@contract/documents'
import { formatBytes } from '@contract/file-size'
import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Field } from '~/ui/field'
import { CameraIcon, UploadIcon } from '~/ui/icons'
import { TextInput } from '~/ui/text-input'

/**
 * The upload page's file picking: the drop zone with its file and camera inputs (the chosen files are
 * listed by upload-file-list).
 */

/** A file chosen for the batch, not stored yet. */
export interface ChosenFile {
  id: string
  file: File
  problem: string | null
  /** An object URL of a photo, for its thumbnail. */
  preview?: string
}

const dropZone = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '3',
  p: '6',
  borderWidth: '2px',
  borderStyle: 'dashed',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.subtle',
  textAlign: 'center',
  '&[data-dragging]': { borderColor: 'border.focus', bg: 'bg.accent' },
})
const fileInput = css({
  maxW: '100%',
  fontSize: 'sm',
  _file: {
    mr: '3',
    px: '3',
    py: '1.5',
    borderRadius: 'md',
    borderWidth: '1px',
    borderColor: 'border.strong',
    bg: 'bg.surface',
    cursor: 'pointer',
    fontWeight: 'medium',
  },
})
const cameraLabel = cx(
  button({ variant: 'outline', size: 'md' }),
  css({ fontWeight: 'medium', _focusWithin: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' } }),
)
const srOnly = css({ srOnly: true })

/** Tablets and phones: a second button that opens the camera directly. */
function useCoarsePointer(): boolean {
  const [coarse] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches)
  return coarse
}

/** Drop files here, or choose them (and on a tablet, take photos with the camera). */
export function FileDropZone({
  error,
  maxBytes,
  photoCount,
  onFiles,
}: {
  error?: string
  maxBytes: number | null
  /** Photos chosen so far: the camera button then offers the next page. */
  photoCount: number
  onFiles: (files: FileList | null, fromCamera?: boolean) => void
}) {
  const [dragging, setDragging] = useState(false)
  const coarsePointer = useCoarsePointer()
  return (
    <div
      className={dropZone}
      data-dragging={dragging || undefined}
      onDragOver={(event) => {
        event.preventDefault()
        setDragging(true)
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault()
        setDragging(false)
        onFiles(event.dataTransfer.files)
      }}
    >
      <UploadIcon size={28} className={css({ color: 'fg.muted' })} />
      <Field
        label="Choose files"
        error={error}
        helperText={`PDF, JPEG, PNG or TIFF${maxBytes ? `, up to ${formatBytes(maxBytes)} each` : ''}. Drop files here or choose them; several at once are fine.`}
        className={css({ alignItems: 'center' })}
      >
        <TextInput
          type="file"
          multiple
          accept={DOCUMENT_UPLOAD_ACCEPT}
          className={fileInput}
          onChange={(event) => {
            onFiles(event.target.files)
            event.target.value = ''
          }}
        />
      </Field>
      {coarsePointer && (
        <label className={cameraLabel}>
          <CameraIcon />
          {photoCount > 0 ? 'Take the next page' : 'Take a photo'}
          <input
            className={srOnly}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(event) => {
              onFiles(event.target.files, true)
              event.target.value = ''
            }}
          />
        </label>
      )}
    </div>
  )
}
