import { JURISDICTIONS } from '@contract/documents'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { todayYmd } from '~/lib/dates'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { TextInput } from '~/ui/text-input'

/**
 * A batch's type, jurisdiction and date received are every file's defaults; one file of the batch may
 * differ (an invoice among bank letters, a letter that arrived yesterday). Only what differs is kept.
 */
export interface FileDetails {
  documentTypeId?: string
  jurisdiction?: string
  dateReceived?: string
}

export interface BatchDetails {
  documentTypeId: string | null
  jurisdiction: string | null
  dateReceived: string
}

/** A file's own details over the batch's. */
export function detailsOf(batch: BatchDetails, own: FileDetails | undefined): BatchDetails {
  return {
    documentTypeId: own?.documentTypeId ?? batch.documentTypeId,
    jurisdiction: own?.jurisdiction ?? batch.jurisdiction,
    dateReceived: own?.dateReceived ?? batch.dateReceived,
  }
}

/** What a file's own details say wrong, or null. */
export function fileDetailsProblem(own: FileDetails | undefined): string | null {
  if (own?.dateReceived !== undefined && own.dateReceived > todayYmd()) return 'The date received cannot be in the future'
  return null
}

const JURISDICTION_OPTIONS = JURISDICTIONS.map((j) => ({ value: String(j.id), label: j.name }))

const summary = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const grid = css({ display: 'grid', gap: '3', mt: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } })
const row = css({ gridColumn: '1 / -1' })

/**
 * Under a chosen file: what it will be uploaded as ("As the batch" or its own type, jurisdiction and
 * date), and a button that opens the three fields. Choosing the batch's value again forgets the file's own.
 */
export function FileDetailsEditor({
  fileName,
  batch,
  own,
  typeOptions,
  onChange,
}: {
  fileName: string
  batch: BatchDetails
  own: FileDetails | undefined
  typeOptions: { value: string; label: string }[]
  onChange: (next: FileDetails | undefined) => void
}) {
  const [open, setOpen] = useState(false)
  const fieldsId = useId()
  const effective = detailsOf(batch, own)
  const differs = own !== undefined && Object.values(own).some((value) => value !== undefined)
  const typeName = typeOptions.find((option) => option.value === effective.documentTypeId)?.label
  const jurisdictionName = JURISDICTION_OPTIONS.find((option) => option.value === effective.jurisdiction)?.label
  const problem = fileDetailsProblem(own)
  const toggle = open ? 'Close details' : 'Change details'

  const set = (key: keyof FileDetails, value: string) => {
    const next: FileDetails = { ...own, [key]: value && value !== (batch[key] ?? '') ? value : undefined }
    onChange(Object.values(next).some((item) => item !== undefined) ? next : undefined)
  }

  return (
    <div className={row}>
      <span className={summary}>
        {differs ? [typeName ?? 'No type', jurisdictionName ?? 'No jurisdiction', effective.dateReceived].join(' · ') : 'As the batch'}{' '}
        <Button
          size="sm"
          variant="ghost"
          onClick={() => setOpen((current) => !current)}
          aria-expanded={open}
          aria-controls={open ? fieldsId : undefined}
          aria-label={`${toggle} of ${fileName}`}
        >
          {toggle}
        </Button>
      </span>
      {open && (
        <div id={fieldsId} className={grid} role="group" aria-label={`Details of ${fileName}`}>
          <Field label="Document Type">
            <NativeSelect
              options={typeOptions}
              value={effective.documentTypeId}
              onValueChange={(value) => set('documentTypeId', value)}
              placeholder="Choose a type"
            />
          </Field>
          <Field label="Jurisdiction">
            <NativeSelect
              options={JURISDICTION_OPTIONS}
              value={effective.jurisdiction}
              onValueChange={(value) => set('jurisdiction', value)}
              placeholder="Choose a jurisdiction"
            />
          </Field>
          <Field label="Date Received" error={problem ?? undefined}>
            <TextInput type="date" value={effective.dateReceived} max={todayYmd()} onChange={(event) => set('dateReceived', event.target.value)} />
          </Field>
        </div>
      )}
    </div>
  )
}
