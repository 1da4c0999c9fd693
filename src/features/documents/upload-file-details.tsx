import { JURISDICTIONS } from '@contract/documents'
import { useId, useState } from 'react'
import { css } from 'styled-system/css'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { NativeSelect } from '~/ui/native-select'
import { todayYmd } from '~/lib/dates'
import { TextInput } from '~/ui/text-input'
import { detailsOf, fileDetailsProblem, type BatchDetails, type FileDetails } from './upload-files'

const JURISDICTION_OPTIONS = JURISDICTIONS.map((j) => ({ value: String(j.id), label: j.name }))

const summary = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const grid = css({ display: 'grid', gap: '3', mt: '3', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(3, minmax(0, 1fr))' } })
const row = css({ gridColumn: '1 / -1' })

/**
 * Under a chosen file: what it will be uploaded as ("As the batch" or its own type, jurisdiction and
 * date), and a button that opens the three fields. Choosing the batch's value again forgets the file's own.
 */
export interface FileDetailsEditorProps {
  fileName: string
  batch: BatchDetails
  own: FileDetails | undefined
  typeOptions: { value: string; label: string }[]
  onChange: (next: FileDetails | undefined) => void
}

export function FileDetailsEditor({ fileName, batch, own, typeOptions, onChange }: FileDetailsEditorProps) {
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
