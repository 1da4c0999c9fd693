import { JURISDICTIONS } from '@contract/documents'
import type { DocumentKind } from '@contract/mail-actions'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { todayYmd } from '~/lib/dates'
import { errorMessage } from '~/lib/api-client'
import { enqueueAll } from '~/lib/outbox/outbox'
import { useRequiredSession } from '~/lib/session'
import { mailHandlingQueryOptions } from '~/features/clients'
import { OutboxList } from '~/features/outbox'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { REQUIRED_MESSAGE } from '~/ui/forms'
import { UploadIcon } from '~/ui/icons'
import { RadioGroup } from '~/ui/radio-group'
import { SearchableSelect } from '~/ui/searchable-select'
import type { SelectOption } from '~/ui/select'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { documentKeys, documentTypesQueryOptions } from './api'
import { clientOptionsQueryOptions, findClientByMailbox, searchClientOptions, uploadLimitQueryOptions } from './upload-api'
import { NativeSelect } from '~/ui/native-select'
import { FileDropZone, type ChosenFile } from './upload-file-picker'
import { checkUploadFile, combinedScanName, detailsOf, fileDetailsProblem, isPhoto, type BatchDetails, type FileDetails } from './upload-files'

// The list of chosen files (and each file's details) loads once files are chosen.
const ChosenFileList = lazy(() => import('./upload-file-list').then((m) => ({ default: m.ChosenFileList })))

const layout = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }, alignItems: 'start' })
const panel = css({
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  p: { base: '4', md: '6' },
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
})
const panelTitle = css({ m: '0', fontSize: 'md', fontWeight: 'semibold' })
const fileMeta = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'flex-end' })
// A label that opens the camera, looking like an outline button; it shows focus for the input it wraps.
const JURISDICTION_OPTIONS = JURISDICTIONS.map((j) => ({ value: String(j.id), label: j.name }))

const KIND_OPTIONS = [
  { value: 'document', label: 'The mail, opened' },
  { value: 'envelope', label: 'The envelope only: the client chooses what happens to it' },
]

type FieldName = 'client' | 'documentType' | 'jurisdiction' | 'dateReceived' | 'servedOn' | 'files'
type Errors = Partial<Record<FieldName, string>>

type PhotoMode = 'combined' | 'separate'
const PHOTO_MODE_OPTIONS = [
  { value: 'combined', label: 'One document: the photos are its pages, in this order' },
  { value: 'separate', label: 'One document per photo' },
]

/** The outbox kind of a mailroom upload. */
export const UPLOAD_KIND = 'upload'
const UPLOAD_KINDS = [UPLOAD_KIND]

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

export type UploadDocumentsPageProps = {
  /** Pre-selects a client (e.g. coming from a client's documents). */
  initialClientId?: number
}

/**
 * provider/documents/add (any agent): the mailroom uploads scans for a client in batches. Client
 * (searchable), document type, jurisdiction, date received and one or many files (the camera on a
 * tablet); PDF, JPEG, PNG and TIFF. Photos become the pages of one PDF (in the order of the strip,
 * which can be reordered) or one document each. "Upload" stores the batch on this device first (the
 * outbox, with each document's file and Idempotency-Key), then it is sent in order as a resumable
 * upload, now or when the connection returns, going on from where the server got to after a cut; each
 * document's state, bytes sent and speed show below. After each batch the form asks for the
 * client again. The client is notified of each document by the server.
 */
export function UploadDocumentsPage({ initialClientId }: UploadDocumentsPageProps) {
  const session = useRequiredSession()
  const types = useQuery(documentTypesQueryOptions())
  const firstClients = useQuery(clientOptionsQueryOptions())
  const uploadLimit = useQuery(uploadLimitQueryOptions())
  const maxBytes = uploadLimit.data ?? null

  const [client, setClient] = useState<SelectOption | null>(null)
  const [useInitialClient, setUseInitialClient] = useState(initialClientId !== undefined)
  const [documentTypeId, setDocumentTypeId] = useState<string | null>(null)
  const [jurisdiction, setJurisdiction] = useState<string | null>(null)
  const [dateReceived, setDateReceived] = useState(() => todayYmd())
  // Service of process: the day it was served (the day received unless given), from which the answer date is estimated.
  const [servedOn, setServedOn] = useState('')
  // What was scanned: the mail or its envelope; until chosen, as the client's mail handling proposes.
  const [kind, setKind] = useState<DocumentKind | null>(null)
  const [errors, setErrors] = useState<Errors>({})
  const [chosen, setChosen] = useState<ChosenFile[]>([])
  // A file's own type, jurisdiction or date, where it differs from the batch's (by the chosen file's id).
  const [ownDetails, setOwnDetails] = useState<Record<string, FileDetails>>({})
  const [photoMode, setPhotoMode] = useState<PhotoMode | null>(null)
  const [storing, setStoring] = useState(false)
  const [stored, setStored] = useState<{ count: number; company: string } | null>(null)
  const [storeError, setStoreError] = useState<string | null>(null)
  // What the last cover sheet photographed said: the client it picked, or why it picked none.
  const [coverSheet, setCoverSheet] = useState<{ status: 'success' | 'warning'; text: string } | null>(null)

  // Photos' thumbnails are object URLs: released when the page goes.
  const previews = useRef(new Set<string>())
  useEffect(() => {
    const urls = previews.current
    return () => urls.forEach((url) => URL.revokeObjectURL(url))
  }, [])
  const release = (files: ChosenFile[]) => {
    for (const item of files) {
      if (!item.preview) continue
      URL.revokeObjectURL(item.preview)
      previews.current.delete(item.preview)
    }
  }

  // A client chosen before arriving (?clientId=): look it up by id for its name.
  const initialClient = useQuery({
    queryKey: [...documentKeys.clientOptions(), 'by-id', initialClientId],
    queryFn: ({ signal }) => searchClientOptions(String(initialClientId), signal),
    enabled: initialClientId !== undefined,
    select: (options) => options.find((option) => option.value === String(initialClientId)) ?? null,
  })
  const chosenClient = client ?? (useInitialClient ? (initialClient.data ?? null) : null)
  const clientOptions = useMemo(() => {
    const first = firstClients.data ?? []
    return chosenClient && !first.some((option) => option.value === chosenClient.value) ? [chosenClient, ...first] : first
  }, [firstClients.data, chosenClient])

  // The size limit may arrive after the files were chosen: they are checked against it as they show.
  const items = chosen.map((item) => ({ ...item, problem: item.problem ?? checkUploadFile(item.file, maxBytes) }))
  const valid = items.filter((item) => !item.problem)
  const photos = valid.filter((item) => isPhoto(item.file))
  const mode: PhotoMode = photoMode ?? 'separate'
  const combining = mode === 'combined' && photos.length > 1
  const documentCount = combining ? valid.length - photos.length + 1 : valid.length

  const typeOptions = (types.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))
  const isServiceType = (typeId: string | null) => types.data?.find((type) => String(type.id) === String(typeId))?.name === 'Service of Process'
  const batch: BatchDetails = { documentTypeId, jurisdiction, dateReceived }
  // The documents of the batch with their details: the combined photos are one, with the batch's.
  const separate = valid.filter((item) => !(combining && isPhoto(item.file)))
  const documentDetails = [...(combining ? [batch] : []), ...separate.map((item) => detailsOf(batch, ownDetails[item.id]))]
  const isService = isServiceType(documentTypeId)
  // The batch's type, before any file is chosen, or one file's own.
  const anyService = isService || documentDetails.some((details) => isServiceType(details.documentTypeId))
  const clientIdNumber = chosenClient ? Number(chosenClient.value) : null
  const handling = useQuery({ ...mailHandlingQueryOptions(clientIdNumber ?? 0), enabled: clientIdNumber !== null })
  // Service of process and state mail are always opened and scanned.
  const alwaysScanned = isService || jurisdiction === '2'
  const proposedKind: DocumentKind = handling.data?.mode === 'envelope-first' ? 'envelope' : 'document'
  const effectiveKind: DocumentKind = alwaysScanned ? 'document' : (kind ?? proposedKind)
  const fields = (): boolean => {
    const next: Errors = {}
    if (anyService && servedOn && dateReceived && servedOn > dateReceived) next.servedOn = 'The date served cannot be after the date received'
    if (!chosenClient) next.client = REQUIRED_MESSAGE
    if (!documentTypeId) next.documentType = REQUIRED_MESSAGE
    if (!jurisdiction) next.jurisdiction = REQUIRED_MESSAGE
    if (!dateReceived) next.dateReceived = REQUIRED_MESSAGE
    else if (dateReceived > todayYmd()) next.dateReceived = 'The date received cannot be in the future'
    if (valid.length === 0) next.files = items.length ? 'None of the chosen files can be uploaded' : 'Choose at least one file to upload'
    const wrong = separate.find((item) => fileDetailsProblem(ownDetails[item.id]))
    if (wrong) next.files = `${wrong.file.name}: ${fileDetailsProblem(ownDetails[wrong.id])}`
    setErrors(next)
    return Object.keys(next).length === 0
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (storing || !fields() || !chosenClient) return
    const company = companyOf(chosenClient)
    const clientId = Number(chosenClient.value)
    // A document's fields, as the resumable upload's metadata carries them.
    const fieldsOf = (details: BatchDetails): Record<string, string> => {
      const service = isServiceType(details.documentTypeId)
      const scanned = service || details.jurisdiction === '2'
      return {
        clientId: String(clientId),
        documentTypeId: String(details.documentTypeId),
        jurisdiction: String(details.jurisdiction),
        dateReceived: details.dateReceived,
        ...(service && servedOn && servedOn <= details.dateReceived ? { servedOn } : {}),
        ...(!scanned && effectiveKind === 'envelope' ? { kind: 'envelope' } : {}),
      }
    }
    setStoring(true)
    setStoreError(null)
    try {
      // The documents of the batch, in order: the combined photos take the place of the first photo.
      const documents: { file: File; details: BatchDetails }[] = []
      let combined = false
      for (const item of valid) {
        if (combining && isPhoto(item.file)) {
          if (combined) continue
          combined = true
          const { photosToPdf } = await import('./scan-pdf')
          const typeName = types.data?.find((type) => String(type.id) === String(documentTypeId))?.name ?? 'Scanned mail'
          const pdf = await photosToPdf(
            photos.map((photo) => photo.file),
            combinedScanName(),
            `${typeName}, ${company}, received ${dateReceived}`,
          )
          const problem = checkUploadFile(pdf, maxBytes)
          if (problem) throw new Error(`${problem} Send the photos as separate documents instead.`)
          documents.push({ file: pdf, details: batch })
        } else {
          documents.push({ file: item.file, details: detailsOf(batch, ownDetails[item.id]) })
        }
      }
      // The whole batch is on disk, in order, before the form says anything (or none of it is).
      await enqueueAll(
        documents.map(({ file, details }) => ({
          kind: UPLOAD_KIND,
          label: `${file.name} for ${company}`,
          request: {
            method: 'POST' as const,
            path: '/uploads',
            upload: { metadata: { ...fieldsOf(details), filename: file.name, filetype: file.type || 'application/octet-stream' }, file, fileName: file.name },
          },
          invalidate: [documentKeys.lists()],
        })),
      )
      release(chosen)
      setChosen([])
      setOwnDetails({})
      setPhotoMode(null)
      // The next batch may be another client's: the form asks again.
      setClient(null)
      setUseInitialClient(false)
      setServedOn('')
      setKind(null)
      setErrors({})
      setCoverSheet(null)
      setStored({ count: documents.length, company })
      notify.success(`${documents.length} ${documents.length === 1 ? 'document' : 'documents'} for ${company} saved on this device and sending`)
    } catch (error) {
      setStoreError(errorMessage(error, 'The batch could not be saved on this device. Please try again.'))
    } finally {
      setStoring(false)
    }
  }

  const addFiles = (files: FileList | null, fromCamera = false) => {
    if (!files || files.length === 0) return
    const added: ChosenFile[] = []
    for (const file of Array.from(files)) {
      if ([...chosen, ...added].some((item) => sameFile(item.file, file))) continue
      const preview = isPhoto(file) ? URL.createObjectURL(file) : undefined
      if (preview) previews.current.add(preview)
      added.push({ id: crypto.randomUUID(), file, problem: checkUploadFile(file, maxBytes), preview })
    }
    if (added.length === 0) return
    setChosen((current) => [...current, ...added])
    if (!chosenClient) void readCoverSheets(added.filter((item) => !item.problem && isPhoto(item.file)))
    // Pages taken one after another with the camera belong together, unless the user chose otherwise.
    if (fromCamera && photoMode === null) setPhotoMode('combined')
    setStored(null)
    setErrors((current) => ({ ...current, files: undefined }))
  }

  /**
   * Before a client is chosen, a photo may be the client's cover sheet: its QR code names the mailbox,
   * the client holding it is chosen, and the sheet leaves the batch (it is not mail). A photo without a
   * code stays a page. Reading needs the reader (loaded here once) and the client lookup the network.
   */
  const readCoverSheets = async (candidates: ChosenFile[]) => {
    for (const item of candidates) {
      let mailbox: string | null
      try {
        const { readCoverSheet } = await import('./cover-sheet-reader')
        mailbox = await readCoverSheet(item.file)
      } catch {
        return
      }
      if (!mailbox) continue
      removeFile(item)
      try {
        const found = await findClientByMailbox(mailbox)
        if (found) {
          setClient((current) => current ?? found)
          setErrors((current) => ({ ...current, client: undefined }))
          setCoverSheet({ status: 'success', text: `Cover sheet read: mailbox ${mailbox}, ${companyOf(found)}. The sheet itself is not uploaded.` })
        } else {
          setCoverSheet({ status: 'warning', text: `Cover sheet read: no client has mailbox ${mailbox}. Choose the client.` })
        }
      } catch (error) {
        setCoverSheet({
          status: 'warning',
          text: `Cover sheet read: mailbox ${mailbox}. ${errorMessage(error, 'The client could not be looked up')}; choose the client.`,
        })
      }
      return
    }
  }

  const removeFile = (removed: ChosenFile) => {
    release([removed])
    setChosen((current) => current.filter((item) => item.id !== removed.id))
    setOwnDetails(({ [removed.id]: _removed, ...rest }) => rest)
  }

  const move = (id: string, by: -1 | 1) =>
    setChosen((current) => {
      const index = current.findIndex((item) => item.id === id)
      // Moves among the photos only (the pages); other files keep their place.
      let target = index + by
      while (target >= 0 && target < current.length && !isPhoto(current[target].file)) target += by
      if (index < 0 || target < 0 || target >= current.length) return current
      const next = [...current]
      ;[next[index], next[target]] = [next[target], next[index]]
      return next
    })

  const pageNumber = (id: string) => photos.findIndex((photo) => photo.id === id) + 1

  return (
    <>
      <PageHeader title="Upload Documents" description="Scan incoming mail and upload it for the client. The client is notified of each document." />
      <form className={layout} onSubmit={(event) => void submit(event)} noValidate aria-label="Upload documents">
        <section className={panel} aria-labelledby="upload-details">
          <h2 id="upload-details" className={panelTitle}>
            Details
          </h2>
          {stored && !chosenClient && (
            <Alert status="success" title={`${stored.count} ${stored.count === 1 ? 'document' : 'documents'} for ${stored.company} saved on this device`}>
              They are sent in order; their state shows below. Choose the client of the next batch.
            </Alert>
          )}
          {coverSheet && (
            <Alert status={coverSheet.status} title={coverSheet.status === 'success' ? 'Client chosen from the cover sheet' : 'Cover sheet'}>
              {coverSheet.text}
            </Alert>
          )}
          <Field label="Client" required error={errors.client}>
            <SearchableSelect
              options={clientOptions}
              onSearch={(q) => searchClientOptions(q)}
              value={chosenClient?.value ?? null}
              onValueChange={(_value, option) => {
                setClient(option)
                setCoverSheet(null)
                setErrors((current) => ({ ...current, client: undefined }))
              }}
              placeholder="Type a company, contact or mailbox number…"
            />
          </Field>
          <Field label="Document Type" required error={errors.documentType}>
            <NativeSelect
              options={typeOptions}
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
          />
          <Field label="Date Received" required error={errors.dateReceived}>
            <TextInput type="date" value={dateReceived} max={todayYmd()} onChange={(event) => setDateReceived(event.target.value)} />
          </Field>
          <RadioGroup
            label="What was scanned"
            options={KIND_OPTIONS.map((option) => ({ ...option, disabled: option.value === 'envelope' && alwaysScanned }))}
            value={effectiveKind}
            onValueChange={(value) => setKind(value as DocumentKind)}
            orientation="vertical"
            helperText={
              alwaysScanned
                ? 'Service of process and state mail are always opened and scanned.'
                : handling.data?.mode === 'envelope-first'
                  ? 'This client’s mail is handled envelope first: the client chooses what happens to it.'
                  : undefined
            }
          />
          {anyService && (
            <Field
              label="Date Served"
              error={errors.servedOn}
              helperText="Leave empty when served the day received. The answer date is estimated from it: 20 days in a state court, 21 in a federal court."
            >
              <TextInput type="date" value={servedOn} max={dateReceived || todayYmd()} onChange={(event) => setServedOn(event.target.value)} />
            </Field>
          )}
        </section>

        <section className={panel} aria-labelledby="upload-files">
          <h2 id="upload-files" className={panelTitle}>
            Files
          </h2>
          <FileDropZone error={errors.files} maxBytes={maxBytes} photoCount={photos.length} onFiles={addFiles} />

          {photos.length > 1 && (
            <RadioGroup label="Photos" options={PHOTO_MODE_OPTIONS} value={mode} onValueChange={(value) => setPhotoMode(value as PhotoMode)} />
          )}

          {items.length > 0 && (
            <Suspense fallback={null}>
              <ChosenFileList
                items={items}
                combining={combining}
                pageNumber={pageNumber}
                photoCount={photos.length}
                onMove={move}
                onRemove={removeFile}
                details={(item) => ({
                  fileName: item.file.name,
                  batch,
                  own: ownDetails[item.id],
                  typeOptions,
                  onChange: (next) => setOwnDetails(({ [item.id]: _previous, ...rest }) => (next ? { ...rest, [item.id]: next } : rest)),
                })}
              />
            </Suspense>
          )}

          {storeError && (
            <Alert status="danger" title="Not saved">
              {storeError}
            </Alert>
          )}
          {!session.remember && (
            <p className={fileMeta}>
              Scans are kept on this device until they are sent. Without “Keep me signed in”, closing the browser ends the session and removes scans not sent
              yet.
            </p>
          )}

          <div className={actions}>
            <Button type="submit" loading={storing}>
              <UploadIcon />
              {documentCount > 1 ? `Upload ${documentCount} documents` : 'Upload'}
            </Button>
          </div>
        </section>
      </form>
      <div className={css({ mt: '6' })}>
        <OutboxList kinds={UPLOAD_KINDS} heading="Uploads from this device" />
      </div>
    </>
  )
}

/** 'Sunshine Holdings LLC (Dana Reyes, mailbox 1042)' -> 'Sunshine Holdings LLC'. */
function companyOf(option: SelectOption): string {
  return option.label.replace(/ \([^)]*\)$/, '')
}
