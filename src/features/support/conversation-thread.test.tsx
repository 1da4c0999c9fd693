import type { Conversation } from '@contract/support'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { publicConfigQueryOptions } from '~/lib/public-config'
import { ConversationThread } from './conversation-thread'

const conversation: Conversation = {
  id: 5,
  clientId: 3,
  companyName: 'Sunshine Holdings LLC',
  subject: 'Where is my certificate?',
  status: 'open',
  awaitingReply: false,
  unreadByClient: false,
  lastMessageAt: '2026-11-20T15:00:00Z',
  createdAt: '2026-11-20T14:00:00Z',
  messageCount: 1,
  document: null,
  invoice: null,
  messages: [{ id: 9, fromStaff: true, author: 'Support', body: 'It is on its way.', createdAt: '2026-11-20T15:00:00Z', attachment: null }],
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('ConversationThread reply form', () => {
  it('refuses an attachment over the upload limit before sending anything', async () => {
    const calls: string[] = []
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}`)
      return new Response('{}', { status: 500 })
    })
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    queryClient.setQueryData(publicConfigQueryOptions().queryKey, {
      supportPhone: '',
      supportEmail: '',
      companyLocation: '',
      faqsUrl: '',
      uploadMaxBytes: 1024,
    })
    render(
      <QueryClientProvider client={queryClient}>
        <ConversationThread conversation={conversation} canReply replyLabel="Your reply" />
      </QueryClientProvider>,
    )
    const user = userEvent.setup()
    await user.type(screen.getByLabelText(/Your reply/), 'Thanks, here is the scan.')
    await user.upload(screen.getByLabelText(/Attachment/, { selector: 'input' }), new File([new Uint8Array(2048)], 'scan.pdf', { type: 'application/pdf' }))
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText(/scan\.pdf is larger than 1 KB/)).toBeTruthy()
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([])
  })
})
