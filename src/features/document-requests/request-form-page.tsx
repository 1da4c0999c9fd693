import type { Document } from '@contract/documents'
import { setValues, useForm, valiForm, type SubmitHandler } from '@modular-forms/react'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { errorMessage } from '~/lib/api-client'
import { daysText, formatDocumentDate } from '~/lib/dates'
import { useRequiredSession } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { NativeSelect } from '~/ui/native-select'
import { documentListQueryOptions, RetentionNotice } from '~/features/documents/shared'
import { addressBookQueryOptions, labelProblem } from '~/features/clients'
import { defaultShippingOption, shippingOptionLabel, shippingOptionsQueryOptions } from '~/features/shipping'
import { formatMoney } from '~/lib/money'
import { discardEntry, whenTried } from '~/lib/outbox/outbox'
import { isCacheRestored } from '~/lib/query-client'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Checkbox } from '~/ui/checkbox'
import { EmptyState } from '~/ui/empty-state'
import { Field } from '~/ui/field'
import { RadioGroup } from '~/ui/radio-group'
import { FormField, TextField } from '~/ui/form-field'
import { requiredChoice, requiredText } from '~/ui/forms'
import { Spinner } from '~/ui/spinner'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { fieldsOfSource, offersToSave, sourceOfValue, sourceOptions, type AddressSource } from './address-choice'
import { createdRequestsOf, queueDocumentRequest } from './api'
import { countriesQueryOptions, mailingAddressQueryOptions, type MailingAddress } from './request-api'

/** Documents the request form offers: the newest page is plenty, since only the last 60 days qualify. */
const REQUESTABLE_PAGE = { page: 1, pageSize: 100 } as const

const MailingAddressFormSchema = v.object({
  recipientName: requiredText({ label: 'Recipient Name', max: 100 }),
  address: requiredText({ label: 'Address', max: 255 }),
  city: requiredText({ label: 'City', max: 100 }),
  stateProvince: requiredText({ label: 'State', max: 100 }),
  zipcode: requiredText({ label: 'Postal/Zip Code', max: 10 }),
  countryId: requiredChoice(),
})
type MailingAddressForm = v.InferInput<typeof MailingAddressFormSchema>

const layout = css({ display: 'flex', flexDirection: 'column', gap: '5', maxW: '4xl' })
const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '4', md: '6' } })
const panelTitle = css({ m: '0', mb: '1', fontSize: 'md', fontWeight: 'semibold' })
const panelText = css({ m: '0', mb: '4', fontSize: 'sm', color: 'fg.muted' })
const documentList = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '2' })
const documentRow = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '3',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
})
const daysLeft = css({ fontSize: 'sm', color: 'fg.muted', whiteSpace: 'nowrap' })
const grid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } })
const wide = css({ gridColumn: { md: '1 / -1' } })
const footer = css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })
const fieldError = css({ m: '0', mt: '2', fontSize: 'sm', color: 'fg.danger' })
const sourceField = css({ mb: '4', maxW: 'sm' })
const saveRow = css({ display: 'grid', gap: '3', mt: '4' })
const total = css({ m: '0', mt: '4', fontSize: 'sm', fontWeight: 'semibold' })

export type DocumentRequestPageProps = {
  /** Documents chosen before arriving (?documentId=12 from the documents list). */
  documentIds: number[]
}

/**
 * client/document-request: a client asks for paper originals to be mailed, within 60 days of upload.
 * The mailing address starts as the client's own; "Send to" picks a saved address or a new one, and
 * "Save this address" saves it in the address book with the request (one submit: the server saves it
 * only if the request goes through). The request is stored on this device first (the
 * outbox) and sent now, or once when the connection returns (with an Idempotency-Key, so it is
 * stored once); a refusal shows here and the request is not kept. "Shipping" picks the carrier and
 * speed among the active options (the first one to start with): the documents go as one shipment,
 * and its price is charged once, on an invoice.
 */
export function DocumentRequestPage({ documentIds }: DocumentRequestPageProps) {
  // The form starts from the client's address: on a slow start offline it waits for the saved copy.
  const { user } = useRequiredSession()
  const clientId = user.clientId!
  const documents = useQuery(documentListQueryOptions({ kind: 'client', clientId }, REQUESTABLE_PAGE))
  const address = useQuery(mailingAddressQueryOptions(clientId))
  const requestable = (documents.data?.data ?? []).filter((document) => document.canRequest)

  return (
    <div className={layout}>
      <PageHeader title="Request a Document" description="Ask for the paper originals of your documents to be mailed to you." />
      <RetentionNotice />
      {documents.isPending || (address.isPending && address.fetchStatus !== 'idle') || (address.data === undefined && !isCacheRestored()) ? (
        <div className={css({ display: 'flex', justifyContent: 'center', py: '10' })}>
          <Spinner label="Loading your documents" />
        </div>
      ) : documents.isError && !documents.data ? (
        <Alert
          status="danger"
          title="Your documents could not be loaded"
          action={
            <Button variant="outline" size="sm" onClick={() => void documents.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(documents.error)}
        </Alert>
      ) : requestable.length === 0 ? (
        <section className={panel}>
          <EmptyState
            title="No documents can be requested right now"
            description="Documents can be mailed within 60 days of upload, one request at a time. Documents already requested show their progress under Requested Documents."
            actions={
              <Link to="/client/requested-documents" className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
                See requested documents
              </Link>
            }
          />
        </section>
      ) : (
        <RequestForm clientId={clientId} requestable={requestable} preselected={documentIds} defaults={address.data ?? null} />
      )}
    </div>
  )
}

function RequestForm({
  clientId,
  requestable,
  preselected,
  defaults,
}: {
  clientId: number
  requestable: Document[]
  preselected: number[]
  defaults: MailingAddress | null
}) {
  const navigate = useNavigate()
  const countries = useQuery(countriesQueryOptions())
  // The address book, when it can be read (offline without a saved copy, the form works without it).
  const book = useQuery(addressBookQueryOptions(clientId))
  const saved = book.data ?? []
  const [source, setSource] = useState<AddressSource>('profile')
  const [edited, setEdited] = useState(false)
  const [saveAddress, setSaveAddress] = useState(false)
  const [saveLabel, setSaveLabel] = useState('')
  const [saveLabelError, setSaveLabelError] = useState<string | null>(null)
  const offerSave = offersToSave(source, edited)
  const [sending, setSending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [chosen, setChosen] = useState<number[]>(() => {
    const fromUrl = preselected.filter((id) => requestable.some((document) => document.id === id))
    return fromUrl.length ? fromUrl : requestable.length === 1 ? [requestable[0].id] : []
  })
  const [documentsError, setDocumentsError] = useState<string | null>(null)
  // The carriers and speeds offered (saved on the device like the rest, so the form works offline).
  const shipping = useQuery(shippingOptionsQueryOptions())
  const [shippingId, setShippingId] = useState<number | null>(null)
  const shippingChoice = defaultShippingOption(shipping.data ?? [], shippingId)
  const [form, { Form }] = useForm<MailingAddressForm>({
    validate: valiForm(MailingAddressFormSchema),
    revalidateOn: 'change',
    initialValues: {
      recipientName: defaults?.recipientName ?? '',
      address: defaults?.address ?? '',
      city: defaults?.city ?? '',
      stateProvince: defaults?.stateProvince ?? '',
      zipcode: defaults?.zipcode ?? '',
      countryId: defaults?.countryId != null ? String(defaults.countryId) : '',
    },
  })

  const toggle = (id: number, checked: boolean) => {
    setChosen((current) => (checked ? [...current.filter((x) => x !== id), id] : current.filter((x) => x !== id)))
    setDocumentsError(null)
  }

  const chooseSource = (value: string) => {
    const next = sourceOfValue(value)
    setSource(next)
    setEdited(false)
    setValues(form, fieldsOfSource(next, defaults, saved))
  }

  const onSubmit: SubmitHandler<MailingAddressForm> = async (values) => {
    const saving = offerSave && saveAddress
    const labelIssue = saving ? labelProblem(saveLabel, saved) : null
    setSaveLabelError(labelIssue)
    if (chosen.length === 0) {
      setDocumentsError('Choose at least one document')
      return
    }
    if (labelIssue) return
    const mailing = v.parse(MailingAddressFormSchema, values)
    const body = {
      documentIds: chosen,
      ...mailing,
      countryId: Number(mailing.countryId),
      ...(saving ? { saveAddressAs: saveLabel.trim() } : {}),
      // Without the list (offline and never seen), the server takes the first active option.
      ...(shippingChoice ? { shippingOptionId: shippingChoice.id } : {}),
    }
    const names = requestable.filter((document) => chosen.includes(document.id)).map((document) => document.documentTypeNavigation.name)
    setRefusal(null)
    setSending(true)
    try {
      const stored = await queueDocumentRequest(body, names, clientId).catch((error: unknown) => {
        setRefusal(`Your request could not be saved on this device: ${errorMessage(error)}`)
        return null
      })
      if (!stored) return
      const entry = await whenTried(stored.seq)
      const created = entry?.state === 'sent' ? createdRequestsOf(entry) : null
      if (entry?.state === 'sent') {
        void discardEntry(entry.seq)
        const requests = created?.documentRequests ?? []
        const charged = requests[0]?.shipping?.price ?? 0
        notify.success(
          (requests.length === 1
            ? 'Your request to mail the document has been sent'
            : `Your request to mail ${requests.length || chosen.length} documents has been sent`) +
            (charged > 0 ? `; the shipping charge of ${formatMoney(charged)} will be on an invoice` : ''),
        )
        if (requests.length === 1) void navigate({ to: '/client/document-progress/$id', params: { id: String(requests[0].id) } })
        else void navigate({ to: '/client/requested-documents' })
        return
      }
      if (entry?.state === 'failed') {
        // Refused: the form shows why and the request is not kept (the user can change it and send again).
        void discardEntry(entry.seq)
        setRefusal(entry.reason ?? 'The request was refused')
        return
      }
      // Stored and waiting for the connection: the requests list shows it until it is sent.
      notify.info(
        'Not sent yet: your request is saved on this device and will be sent when the connection returns; its shipping charge then goes on an invoice.',
      )
      void navigate({ to: '/client/requested-documents' })
    } finally {
      setSending(false)
    }
  }

  return (
    <Form onSubmit={onSubmit} noValidate className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <section className={panel} aria-labelledby="request-documents">
        <h2 id="request-documents" className={panelTitle}>
          Documents to mail
        </h2>
        <p className={panelText}>Only documents received in the last 60 days without an open request can be mailed.</p>
        <ul className={documentList}>
          {requestable.map((document) => (
            <li key={document.id} className={documentRow}>
              <Checkbox
                label={`${document.documentTypeNavigation.name}, received ${formatDocumentDate(document.dateReceived)} (${document.jurisdictionName})`}
                checked={chosen.includes(document.id)}
                onCheckedChange={(checked) => toggle(document.id, checked === true)}
              />
              <span className={daysLeft}>{daysText(document.daysLeft)} left</span>
            </li>
          ))}
        </ul>
        {documentsError && (
          <p className={fieldError} role="alert">
            {documentsError}
          </p>
        )}
      </section>

      <section className={panel} aria-labelledby="request-address">
        <h2 id="request-address" className={panelTitle}>
          Mailing address
        </h2>
        <p className={panelText}>
          {saved.length
            ? 'Filled in from your profile. Pick a saved address or change it to mail this request somewhere else.'
            : 'Filled in from your profile. Change it to mail this request somewhere else.'}
        </p>
        {saved.length > 0 && (
          <Field label="Send to" className={sourceField}>
            <NativeSelect options={sourceOptions(saved)} value={String(source)} onValueChange={chooseSource} />
          </Field>
        )}
        {/* Typing in a field makes the address one of the client's own (offered for saving). */}
        <div className={grid} onInput={() => setEdited(true)}>
          <TextField of={form} name="recipientName" label="Recipient Name" required autoComplete="name" className={wide} />
          <TextField of={form} name="address" label="Address" required autoComplete="street-address" className={wide} />
          <TextField of={form} name="city" label="City" required autoComplete="address-level2" />
          <TextField of={form} name="stateProvince" label="State" required autoComplete="address-level1" />
          <TextField of={form} name="zipcode" label="Postal/Zip Code" required autoComplete="postal-code" />
          <FormField of={form} name="countryId" label="Country" required>
            {(control) => (
              <NativeSelect
                options={(countries.data ?? []).map((country) => ({ value: String(country.id), label: country.name }))}
                value={control.value || null}
                onValueChange={(value) => {
                  setEdited(true)
                  control.setValue(value)
                }}
                placeholder={countries.isPending ? 'Loading…' : 'Choose a country'}
                autoComplete="country"
              />
            )}
          </FormField>
        </div>
        {offerSave && (
          <div className={saveRow}>
            <Checkbox
              label="Save this address"
              description="Keep it in your address book to pick next time."
              checked={saveAddress}
              onCheckedChange={(checked) => {
                setSaveAddress(checked === true)
                setSaveLabelError(null)
              }}
            />
            {saveAddress && (
              <Field label="Label" required error={saveLabelError} helperText="A name to pick it by, e.g. Home or Office" className={sourceField}>
                <TextInput
                  value={saveLabel}
                  autoComplete="off"
                  onChange={(event) => {
                    setSaveLabel(event.target.value)
                    setSaveLabelError(null)
                  }}
                />
              </Field>
            )}
          </div>
        )}
      </section>

      <section className={panel} aria-labelledby="request-shipping">
        <h2 id="request-shipping" className={panelTitle}>
          Shipping
        </h2>
        <p className={panelText}>The documents chosen go together in one envelope: one shipment, charged once.</p>
        {shipping.data ? (
          shipping.data.some((option) => option.active) ? (
            <RadioGroup
              label="Carrier and speed"
              orientation="vertical"
              value={shippingChoice ? String(shippingChoice.id) : null}
              onValueChange={(value) => setShippingId(Number(value))}
              options={shipping.data.filter((option) => option.active).map((option) => ({ value: String(option.id), label: shippingOptionLabel(option) }))}
            />
          ) : (
            <p className={panelText}>No carrier is offered right now: the mailroom picks one, at no charge.</p>
          )
        ) : shipping.isPending && shipping.fetchStatus !== 'idle' ? (
          <Spinner label="Loading the shipping options" />
        ) : (
          <Alert status="warning" title="The shipping options could not be loaded">
            The first carrier offered is used, and its price is added to an invoice. {errorMessage(shipping.error)}
          </Alert>
        )}
        {shippingChoice && (
          <p className={total} aria-live="polite">
            {shippingChoice.price > 0 ? `One shipment: ${formatMoney(shippingChoice.price)}, added to an invoice` : 'One shipment: no charge'}
          </p>
        )}
      </section>

      {refusal && (
        <Alert status="danger" title="The request was not sent">
          {refusal}
        </Alert>
      )}

      <div className={footer}>
        <Link to="/client/documents" className={css({ alignSelf: 'center', fontSize: 'sm' })}>
          Back to documents
        </Link>
        <Button type="submit" loading={sending}>
          Request by mail
        </Button>
      </div>
    </Form>
  )
}
