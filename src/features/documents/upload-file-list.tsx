import { formatBytes } from '@contract/file-size'
import { css } from 'styled-system/css'
import { Button } from '~/ui/button'
import { FileIcon } from '~/ui/icons'
import { FileDetailsEditor, type FileDetailsEditorProps } from './upload-file-details'
import type { ChosenFile } from './upload-file-picker'
import { isPhoto } from './upload-files'

/**
 * The chosen files of the upload page, each with its own details; loaded once files are chosen (the
 * page opens with the drop zone alone).
 */

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
  details?: (item: ChosenFile) => FileDetailsEditorProps
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
            {details && !item.problem && !(combining && isPhoto(item.file)) && <FileDetailsEditor {...details(item)} />}
          </li>
        )
      })}
    </ul>
  )
}
