import { DOCUMENT_UPLOAD_ACCEPT } from '@contract/documents'
import { formatBytes } from '@contract/file-size'
import { useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { CameraIcon, FileIcon, UploadIcon } from '~/ui/icons'
import { TextInput } from '~/ui/text-input'
import { isPhoto } from './upload-files'

/**
 * The upload page's file picking: the drop zone with its file and camera inputs, and the list of the
 * chosen files (photos as numbered pages that can be reordered when they are combined).
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

const fileList = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '2' })
const fileRow = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr) auto',
  gap: '3',
  alignItems: 'center',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  '&[data-invalid]': { borderColor: 'danger.border', bg: 'bg.danger' },
})
const thumbnail = css({ w: '12', h: '16', objectFit: 'cover', borderRadius: 'sm', borderWidth: '1px', borderColor: 'border.default', bg: 'bg.subtle' })
const fileName = css({ fontSize: 'sm', fontWeight: 'medium', wordBreak: 'break-all' })
const fileMeta = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const fileError = css({ display: 'block', mt: '1', fontSize: 'sm', color: 'fg.danger' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })

/** The chosen files, each with its problem if it cannot be uploaded; combined photos are numbered pages. */
export function ChosenFileList({
  items,
  combining,
  pageNumber,
  photoCount,
  onMove,
  onRemove,
  details,
}: {
  items: ChosenFile[]
  combining: boolean
  pageNumber: (id: string) => number
  photoCount: number
  onMove: (id: string, by: -1 | 1) => void
  onRemove: (item: ChosenFile) => void
  /** Under each file that is a document of its own: its details (a combined photo is a page, not a document). */
  details?: (item: ChosenFile) => ReactNode
}) {
  return (
    <ul className={fileList} aria-label={combining ? 'Files and pages to upload' : 'Files to upload'}>
      {items.map((item) => {
        const page = combining && isPhoto(item.file) && !item.problem ? pageNumber(item.id) : 0
        return (
          <li key={item.id} className={fileRow} data-invalid={item.problem ? '' : undefined}>
            {item.preview ? <img src={item.preview} alt="" className={thumbnail} /> : <FileIcon size={20} className={css({ color: 'fg.muted' })} />}
            <div>
              <span className={fileName}>{page ? `Page ${page}: ${item.file.name}` : item.file.name}</span>
              <span className={fileMeta}>{formatBytes(item.file.size)}</span>
              {item.problem && (
                <span className={fileError} role="alert">
                  {item.problem}
                </span>
              )}
            </div>
            <div className={actions}>
              {page > 0 && (
                <>
                  <Button size="sm" variant="ghost" onClick={() => onMove(item.id, -1)} disabled={page === 1} aria-label={`Move page ${page} earlier`}>
                    Earlier
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => onMove(item.id, 1)} disabled={page === photoCount} aria-label={`Move page ${page} later`}>
                    Later
                  </Button>
                </>
              )}
              <Button size="sm" variant="ghost" onClick={() => onRemove(item)} aria-label={`Remove ${item.file.name}`}>
                Remove
              </Button>
            </div>
            {details && !item.problem && !(combining && isPhoto(item.file)) && details(item)}
          </li>
        )
      })}
    </ul>
  )
}
