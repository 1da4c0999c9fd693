import { SUPPORT_MESSAGE_MAX, type Conversation, type SupportMessage } from '@contract/support'
import { useId, useState, type FormEvent } from 'react'
import { css, cx } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { usePublicConfig } from '~/lib/public-config'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { FileIcon } from '~/ui/icons'
import { Textarea } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { AttachmentInput } from './attachment-input'
import { downloadAttachment, useSendMessage } from './api'
import { attachmentProblem, messageProblem } from './message-rules'

const list = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '3' })
const bubble = css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '4', bg: 'bg.surface', display: 'grid', gap: '2' })
const staffBubble = css({ bg: 'bg.subtle', ml: { md: '10' } })
const clientBubble = css({ mr: { md: '10' } })
const meta = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: '2', fontSize: 'xs', color: 'fg.muted' })
// Free text is shown as the text it is (React escapes it), keeping its line breaks.
const body = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontSize: 'sm', m: '0' })
const form = css({ display: 'grid', gap: '3', mt: '6' })
const actions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2' })

function MessageItem({ message }: { message: SupportMessage }) {
  const [downloading, setDownloading] = useState(false)
  return (
    <li className={cx(bubble, message.fromStaff ? staffBubble : clientBubble)} aria-label={`${message.author}, ${formatDateTime(message.createdAt)}`}>
      <div className={meta}>
        <strong>{message.author}</strong>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
      </div>
      <p className={body}>{message.body}</p>
      {message.attachment && (
        <div>
          <Button
            variant="outline"
            size="sm"
            loading={downloading}
            onClick={async () => {
              setDownloading(true)
              try {
                await downloadAttachment(message.id, message.attachment!.name)
              } catch (error) {
                notify.error(errorMessage(error, 'The attachment could not be downloaded.'))
              } finally {
                setDownloading(false)
              }
            }}
          >
            <FileIcon aria-hidden="true" /> {message.attachment.name}
          </Button>
        </div>
      )}
    </li>
  )
}

/** The messages of a conversation, oldest first, and (when the reader may write) a reply form. */
export function ConversationThread({ conversation, canReply, replyLabel }: { conversation: Conversation; canReply: boolean; replyLabel: string }) {
  const send = useSendMessage(conversation.id)
  const uploadMaxBytes = usePublicConfig().data?.uploadMaxBytes
  const formId = useId()
  const [message, setMessage] = useState('')
  const [attachment, setAttachment] = useState<File | null>(null)
  const [errors, setErrors] = useState<{ message?: string; attachment?: string }>({})
  const [failure, setFailure] = useState<string | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problems = { message: messageProblem(message) ?? undefined, attachment: attachmentProblem(attachment, uploadMaxBytes) ?? undefined }
    setErrors(problems)
    setFailure(null)
    if (problems.message || problems.attachment) return
    try {
      await send.mutateAsync({ message, attachment })
      setMessage('')
      setAttachment(null)
      notify.success('Message sent')
    } catch (error) {
      setFailure(errorMessage(error, 'The message could not be sent. Please try again.'))
    }
  }

  return (
    <>
      <ol className={list} aria-label="Messages">
        {conversation.messages.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ol>
      {canReply && (
        <form id={formId} className={form} onSubmit={submit} noValidate>
          <Field label={replyLabel} error={errors.message} required>
            <Textarea value={message} onChange={(e) => setMessage(e.target.value)} rows={4} maxLength={SUPPORT_MESSAGE_MAX} name="message" />
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
            <Button type="submit" loading={send.isPending}>
              Send
            </Button>
          </div>
        </form>
      )}
    </>
  )
}
