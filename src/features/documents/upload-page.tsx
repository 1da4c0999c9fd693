import { DOCUMENT_UPLOAD_ACCEPT, JURISDICTIONS } from '@contract/documents'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState, type DragEvent, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { todayYmd } from '~/lib/dates'
import { PERM, usePermission } from '~/lib/permissions'
import { PageHeader } from '~/features/shell'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { REQUIRED_MESSAGE } from '~/ui/forms'
import { CameraIcon, FileIcon, UploadIcon } from '~/ui/icons'
import { RadioGroup } from '~/ui/radio-group'
import { SearchableSelect } from '~/ui/searchable-select'
import type { SelectOption } from '~/ui/select'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { documentKeys, documentTypesQueryOptions } from './api'
import { clientOptionsQueryOptions, searchClientOptions, uploadLimitQueryOptions } from './upload-api'
import { formatBytes } from '@contract/file-size'
import { NativeSelect } from '~/ui/native-select'
import { useUploadQueue, type SendFile, type UploadItem, type UploadOutcome } from './upload-queue'
import { uploadDocumentFile, type UploadFields } from './upload-request'

const layout = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' })
const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '4', md: '6' }, display: 'flex', flexDirection: 'column', gap: '4' })
const panelTitle = css({ m: '0', fontSize: 'md', fontWeight: 'semibold' })
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
  _file: { mr: '3', px: '3', py: '1.5', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.strong', bg: 'bg.surface', cursor: 'pointer', fontWeight: 'medium' },
})
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
  '&[data-status=failed], &[data-status=invalid]': { borderColor: 'danger.border', bg: 'bg.danger' },
  '&[data-status=done]': { borderColor: 'success.border' },
})
const fileName = css({ fontSize: 'sm', fontWeight: 'medium', wordBreak: 'break-all' })
const fileMeta = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const fileError = css({ display: 'block', mt: '1', fontSize: 'sm', color: 'fg.danger' })
const progress = css({ display: 'block', w: '100%', h: '1.5', mt: '1.5', accentColor: 'accent' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })
// A label that opens the camera, looking like an outline button; it shows focus for the input it wraps.
const cameraLabel = cx(
  button({ variant: 'outline', size: 'md' }),
  css({ fontWeight: 'medium', _focusWithin: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' } }),
)
const srOnly = css({ srOnly: true })

const JURISDICTION_OPTIONS = JURISDICTIONS.map((j) => ({ value: String(j.id), label: j.name }))

type FieldName = 'client' | 'documentType' | 'jurisdiction' | 'dateReceived' | 'files'
type Errors = Partial<Record<FieldName, string>>

function statusText(item: UploadItem): string {
  switch (item.status) {
    case 'ready':
      return 'Ready to upload'
    case 'uploading':
      return `Uploading… ${Math.round(item.progress * 100)}%`
    case 'done':
      return 'Uploaded'
    case 'failed':
      return 'Not uploaded'
    case 'invalid':
      return 'Cannot be uploaded'
  }
}

/** Tablets and phones: a second button that opens the camera directly. */
function useCoarsePointer(): boolean {
  const [coarse] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches)
  return coarse
}

export type UploadDocumentsPageProps = {
  /** Pre-selects a client (e.g. coming from a client's documents). */
  initialClientId?: number
}

/**
 * provider/documents/add (any agent): the mailroom uploads scans for a client. Client (searchable),
 * document type, jurisdiction, date received and one or many files (the camera on a tablet); PDF,
 * JPEG, PNG and TIFF. Each file goes in its own request with its own progress bar, error and retry.
 * The client is notified of each document by the server.
 */
export function UploadDocumentsPage({ initialClientId }: UploadDocumentsPageProps) {
  const queryClient = useQueryClient()
  const canViewDocuments = usePermission(PERM.DCV)
  const types = useQuery(documentTypesQueryOptions())
  const firstClients = useQuery(clientOptionsQueryOptions())
  const uploadLimit = useQuery(uploadLimitQueryOptions())
  const maxBytes = uploadLimit.data ?? null
  const coarsePointer = useCoarsePointer()

  const [client, setClient] = useState<SelectOption | null>(null)
  const [documentTypeId, setDocumentTypeId] = useState<string | null>(null)
  const [jurisdiction, setJurisdiction] = useState<string | null>(null)
  const [dateReceived, setDateReceived] = useState(() => todayYmd())
  const [errors, setErrors] = useState<Errors>({})
  const [dragging, setDragging] = useState(false)
  const queue = useUploadQueue()
  const { recheck } = queue
  useEffect(() => recheck(maxBytes), [recheck, maxBytes])

  // A client chosen before arriving (?clientId=): look it up by id for its name.
  const initialClient = useQuery({
    queryKey: [...documentKeys.clientOptions(), 'by-id', initialClientId],
    queryFn: ({ signal }) => searchClientOptions(String(initialClientId), signal),
    enabled: initialClientId !== undefined,
    select: (options) => options.find((option) => option.value === String(initialClientId)) ?? null,
  })
  const chosenClient = client ?? (initialClientId !== undefined ? (initialClient.data ?? null) : null)
  const clientOptions = useMemo(() => {
    const first = firstClients.data ?? []
    return chosenClient && !first.some((option) => option.value === chosenClient.value) ? [chosenClient, ...first] : first
  }, [firstClients.data, chosenClient])

  const items = queue.items
  const uploading = items.some((item) => item.status === 'uploading')
  // Once a file has been sent, the fields stay as they were: a retry must send what the first try did.
  const locked = items.some((item) => item.status !== 'ready' && item.status !== 'invalid')
  const pending = items.filter((item) => item.status === 'ready')
  const done = items.filter((item) => item.status === 'done')
  const failed = items.filter((item) => item.status === 'failed')
  const finished = locked && !uploading && pending.length === 0 && failed.length === 0 && done.length > 0

  useEffect(() => {
    // Leaving the page in the middle of an upload loses the files not yet sent: ask first.
    if (!uploading) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [uploading])

  const fields = (): UploadFields | null => {
    const next: Errors = {}
    if (!chosenClient) next.client = REQUIRED_MESSAGE
    if (!documentTypeId) next.documentType = REQUIRED_MESSAGE
    if (!jurisdiction) next.jurisdiction = REQUIRED_MESSAGE
    if (!dateReceived) next.dateReceived = REQUIRED_MESSAGE
    else if (dateReceived > todayYmd()) next.dateReceived = 'The date received cannot be in the future'
    if (!items.some((item) => item.status === 'ready' || item.status === 'failed')) {
      next.files = items.length ? 'None of the chosen files can be uploaded' : 'Choose at least one file to upload'
    }
    setErrors(next)
    if (Object.keys(next).length) return null
    return { documentTypeId: Number(documentTypeId), jurisdiction: Number(jurisdiction), dateReceived }
  }

  const sender = (clientId: number, uploadFields: UploadFields): SendFile => (item, onProgress) =>
    uploadDocumentFile({ clientId, fields: uploadFields, file: item.file, idempotencyKey: item.idempotencyKey, onProgress })

  const announce = (outcome: UploadOutcome, uploadedFor: SelectOption) => {
    if (outcome.done > 0) void queryClient.invalidateQueries({ queryKey: documentKeys.lists() })
    if (outcome.done > 0 && outcome.failed === 0) {
      notify.success(`${outcome.done} ${outcome.done === 1 ? 'document' : 'documents'} uploaded for ${companyOf(uploadedFor)}`)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const uploadFields = fields()
    if (!uploadFields || !chosenClient) return
    const send = sender(Number(chosenClient.value), uploadFields)
    const outcome = await queue.run(send, (item) => item.status === 'ready' || item.status === 'failed')
    announce(outcome, chosenClient)
  }

  const retry = async (id?: string) => {
    const uploadFields = fields()
    if (!uploadFields || !chosenClient) return
    const outcome = await queue.retry(sender(Number(chosenClient.value), uploadFields), id)
    announce(outcome, chosenClient)
  }

  const addFiles = (files: FileList | null) => {
    if (!files || files.length === 0) return
    queue.add(Array.from(files), maxBytes)
    setErrors((current) => ({ ...current, files: undefined }))
  }

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    if (!locked) addFiles(event.dataTransfer.files)
  }

  const startOver = () => {
    queue.clear()
    setErrors({})
  }

  const uploadable = items.filter((item) => item.status === 'ready' || item.status === 'failed').length

  return (
    <>
      <PageHeader title="Upload Documents" description="Scan incoming mail and upload it for the client. The client is notified of each document." />
      <form className={layout} onSubmit={(event) => void submit(event)} noValidate aria-label="Upload documents">
        <section className={panel} aria-labelledby="upload-details">
          <h2 id="upload-details" className={panelTitle}>
            Details
          </h2>
          <Field label="Client" required error={errors.client} disabled={locked}>
            <SearchableSelect
              options={clientOptions}
              onSearch={(q) => searchClientOptions(q)}
              value={chosenClient?.value ?? null}
              onValueChange={(_value, option) => {
                setClient(option)
                setErrors((current) => ({ ...current, client: undefined }))
              }}
              placeholder="Type a company or contact name…"
              disabled={locked}
            />
          </Field>
          <Field label="Document Type" required error={errors.documentType} disabled={locked}>
            <NativeSelect
              options={(types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
              value={documentTypeId}
              onValueChange={(value) => {
                setDocumentTypeId(value || null)
                setErrors((current) => ({ ...current, documentType: undefined }))
              }}
              placeholder={types.isPending ? 'Loading…' : 'Choose a document type'}
            />
          </Field>
          <RadioGroup
            label="Jurisdiction"
            required
            options={JURISDICTION_OPTIONS}
            value={jurisdiction}
            onValueChange={(value) => {
              setJurisdiction(value)
              setErrors((current) => ({ ...current, jurisdiction: undefined }))
            }}
            error={errors.jurisdiction}
            disabled={locked}
          />
          <Field label="Date Received" required error={errors.dateReceived} disabled={locked}>
            <TextInput type="date" value={dateReceived} max={todayYmd()} onChange={(event) => setDateReceived(event.target.value)} />
          </Field>
        </section>

        <section className={panel} aria-labelledby="upload-files">
          <h2 id="upload-files" className={panelTitle}>
            Files
          </h2>
          <div
            className={dropZone}
            data-dragging={dragging || undefined}
            onDragOver={(event) => {
              event.preventDefault()
              if (!locked) setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <UploadIcon size={28} className={css({ color: 'fg.muted' })} />
            <Field
              label="Choose files"
              error={errors.files}
              disabled={locked}
              helperText={`PDF, JPEG, PNG or TIFF${maxBytes ? `, up to ${formatBytes(maxBytes)} each` : ''}. Drop files here or choose them; several at once are fine.`}
              className={css({ alignItems: 'center' })}
            >
              <TextInput
                type="file"
                multiple
                accept={DOCUMENT_UPLOAD_ACCEPT}
                className={fileInput}
                onChange={(event) => {
                  addFiles(event.target.files)
                  event.target.value = ''
                }}
              />
            </Field>
            {coarsePointer && !locked && (
              <label className={cameraLabel}>
                <CameraIcon />
                Take a photo
                <input
                  className={srOnly}
                  type="file"
                  accept="image/*"
                  capture="environment"
                  onChange={(event) => {
                    addFiles(event.target.files)
                    event.target.value = ''
                  }}
                />
              </label>
            )}
          </div>

          {items.length > 0 && (
            <ul className={fileList} aria-label="Files to upload">
              {items.map((item) => (
                <li key={item.id} className={fileRow} data-status={item.status}>
                  <FileIcon size={20} className={css({ color: 'fg.muted' })} />
                  <div>
                    <span className={fileName}>{item.file.name}</span>
                    <span className={fileMeta}>
                      {formatBytes(item.file.size)} · <span aria-live="polite">{statusText(item)}</span>
                    </span>
                    {item.status === 'uploading' && (
                      <progress className={progress} max={100} value={Math.round(item.progress * 100)} aria-label={`Uploading ${item.file.name}`} />
                    )}
                    {item.error && (
                      <span className={fileError} role="alert">
                        {item.error}
                      </span>
                    )}
                  </div>
                  <div className={actions}>
                    {item.status === 'failed' && (
                      <Button size="sm" variant="outline" onClick={() => void retry(item.id)} disabled={uploading} aria-label={`Retry ${item.file.name}`}>
                        Retry
                      </Button>
                    )}
                    {(item.status === 'ready' || item.status === 'invalid' || item.status === 'failed') && (
                      <Button size="sm" variant="ghost" onClick={() => queue.remove(item.id)} disabled={uploading} aria-label={`Remove ${item.file.name}`}>
                        Remove
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}

          {failed.length > 0 && !uploading && (
            <Alert status="danger" title={`${failed.length} of ${items.filter((item) => item.status !== 'invalid').length} files could not be uploaded`}>
              Retry them, or remove them and start over. Files already uploaded are stored.
            </Alert>
          )}
          {finished && chosenClient && (
            <Alert
              status="success"
              title={`${done.length} ${done.length === 1 ? 'document' : 'documents'} uploaded for ${companyOf(chosenClient)}`}
              action={
                canViewDocuments ? (
                  <Link to="/provider/documents" search={{ clientId: Number(chosenClient.value) }} className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
                    View documents
                  </Link>
                ) : undefined
              }
            >
              The client has been notified.
            </Alert>
          )}

          <div className={actions}>
            {locked && !uploading && (
              <Button variant="outline" onClick={startOver}>
                {finished ? 'Upload more' : 'Start over'}
              </Button>
            )}
            {failed.length > 1 && !uploading && (
              <Button variant="outline" onClick={() => void retry()}>
                Retry all
              </Button>
            )}
            {!finished && (
              <Button type="submit" loading={uploading}>
                <UploadIcon />
                {uploadable > 1 ? `Upload ${uploadable} files` : 'Upload'}
              </Button>
            )}
          </div>
        </section>
      </form>
    </>
  )
}

/** 'Sunshine Holdings LLC (Dana Reyes)' -> 'Sunshine Holdings LLC'. */
function companyOf(option: SelectOption): string {
  return option.label.replace(/ \([^)]*\)$/, '')
}
