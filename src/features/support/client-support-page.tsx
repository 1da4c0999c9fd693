import { SUPPORT_MESSAGE_MAX, SUPPORT_SUBJECT_MAX } from '@contract/support'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { clientQueryOptions } from '~/features/clients'
import { invoiceListQueryOptions } from '~/features/invoices/api'
import { usePublicConfig } from '~/lib/public-config'
import { PageHeader } from '~/ui/page-header'
import { errorMessage } from '~/lib/api-client'
import { formatDocumentDate } from '~/lib/dates'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { EmptyState } from '~/ui/empty-state'
import { Field } from '~/ui/field'
import { SavedAtNote } from '~/ui/list-page'
import { NativeSelect } from '~/ui/native-select'
import { Textarea, TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { AttachmentInput } from './attachment-input'
import { conversationListQueryOptions, OWN_CONVERSATIONS, useStartConversation } from './api'
import { ConversationList } from './conversation-list'
import { attachmentProblem, messageProblem, subjectProblem } from './message-rules'

export const MESSAGE_SENT = 'Your message was sent to support'

const layout = css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' })
const stack = css({ display: 'grid', gap: '4' })
const contacts = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '2', fontSize: 'sm' })
const actions = css({ display: 'flex', justifyContent: 'flex-end' })

/**
 * Client › Support: how to reach support (phone, e-mail and FAQs from configuration), a message form
 * (subject, message, an optional PDF or image, and optionally one of the client's documents or invoices
 * it is about), and the client's conversations with their replies.
 */
export function ClientSupportPage({ clientId }: { clientId: number }) {
  const conversations = useSuspenseQuery(conversationListQueryOptions(OWN_CONVERSATIONS))
  const config = usePublicConfig().data
  return (
    <>
      <PageHeader title="Support" description="Ask us anything about your account, your mail or your invoices." />
      <SavedAtNote updatedAt={conversations.dataUpdatedAt} hasData subject="your conversations" />
      <div className={layout}>
        <div className={stack}>
          <NewMessageForm clientId={clientId} uploadMaxBytes={config?.uploadMaxBytes} />
          <Panel title="Your conversations">
            {conversations.data.data.length === 0 ? (
              <EmptyState title="No conversations yet" description="Messages you send to support appear here with our replies." headingLevel={3} />
            ) : (
              <ConversationList conversations={conversations.data.data} side="client" />
            )}
          </Panel>
        </div>
        <Panel title="Contact us">
          <ul className={contacts}>
            <li>Phone: {config ? <a href={`tel:${config.supportPhone.replace(/[^+\d]/g, '')}`}>{config.supportPhone}</a> : '…'}</li>
            <li>E-mail: {config ? <a href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> : '…'}</li>
            <li>
              {config ? (
                <a href={config.faqsUrl} target="_blank" rel="noopener noreferrer">
                  Frequently asked questions (FAQs)
                </a>
              ) : (
                'FAQs'
              )}
            </li>
          </ul>
        </Panel>
      </div>
    </>
  )
}

function NewMessageForm({ clientId, uploadMaxBytes }: { clientId: number; uploadMaxBytes?: number }) {
  const start = useStartConversation()
  const navigate = useNavigate()
  const client = useQuery(clientQueryOptions(clientId))
  const invoices = useQuery(invoiceListQueryOptions({ kind: 'client', clientId }, { page: 1, pageSize: 100 }))
  const [subject, setSubject] = useState('')
  const [message, setMessage] = useState('')
  const [about, setAbout] = useState('')
  const [attachment, setAttachment] = useState<File | null>(null)
  const [errors, setErrors] = useState<{ subject?: string; message?: string; attachment?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)

  const aboutOptions = useMemo(
    () => [
      ...(client.data?.documents ?? []).map((d) => ({
        value: `document:${d.id}`,
        label: `Document: ${d.documentTypeNavigation.name} (${formatDocumentDate(d.dateReceived)})`,
      })),
      ...(invoices.data?.data ?? []).map((i) => ({ value: `invoice:${i.id}`, label: `Invoice: ${i.invoiceId}` })),
    ],
    [client.data, invoices.data],
  )

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problems = {
      subject: subjectProblem(subject) ?? undefined,
      message: messageProblem(message) ?? undefined,
      attachment: attachmentProblem(attachment, uploadMaxBytes) ?? undefined,
    }
    setErrors(problems)
    setFailure(null)
    if (problems.subject || problems.message || problems.attachment) return
    try {
      const conversation = await start.mutateAsync({ subject, message, attachment, about })
      notify.success(MESSAGE_SENT)
      setSubject('')
      setMessage('')
      setAbout('')
      setAttachment(null)
      void navigate({ to: '/client/support/$id', params: { id: String(conversation.id) } })
    } catch (error) {
      setFailure(errorMessage(error, 'The message could not be sent. Please try again.'))
    }
  }

  return (
    <Panel title="Send us a message">
      <form className={stack} onSubmit={submit} noValidate aria-label="Send us a message">
        <Field label="Subject" error={errors.subject} required>
          <TextInput value={subject} onChange={(e) => setSubject(e.target.value)} maxLength={SUPPORT_SUBJECT_MAX} name="subject" />
        </Field>
        <Field label="Message" error={errors.message} required>
          <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={6} maxLength={SUPPORT_MESSAGE_MAX} name="message" />
        </Field>
        <Field label="About (optional)" helperText="One of your documents or invoices this message is about.">
          <NativeSelect options={aboutOptions} value={about} onValueChange={setAbout} placeholder="Nothing in particular" allowEmpty />
        </Field>
        <Field label="Attachment (PDF or image, optional)" error={errors.attachment}>
          <AttachmentInput file={attachment} onFileChange={setAttachment} />
        </Field>
        {failure && (
          <Alert status="danger" title="Not sent">
            {failure}
          </Alert>
        )}
        <div className={actions}>
          <Button type="submit" loading={start.isPending}>
            Send message
          </Button>
        </div>
      </form>
    </Panel>
  )
}
