import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession, type SessionUser } from '~/lib/session'
import { ShippingOptionDialog } from './option-dialog'

const admin: SessionUser = {
  id: 1,
  firstName: 'Alex',
  lastName: 'Rivera',
  email: 'admin@demo.test',
  role: 'Super Admin',
  clientId: null,
  agentId: 1,
  roleId: 1,
  roleType: 'agent',
  companyName: null,
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

function renderDialog(answer: Response) {
  setSession({ token: 'test-token', user: admin, permissions: [], remember: false })
  const fetch = vi.fn(async () => answer)
  vi.stubGlobal('fetch', fetch)
  const onClose = vi.fn()
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ShippingOptionDialog options={[]} onClose={onClose} />
    </QueryClientProvider>,
  )
  return { fetch, onClose }
}

async function fillIn() {
  await userEvent.type(screen.getByRole('textbox', { name: /Carrier/ }), 'USPS')
  await userEvent.type(screen.getByRole('textbox', { name: /Speed/ }), 'Priority Mail')
  await userEvent.type(screen.getByRole('textbox', { name: /Price/ }), '12.50')
  await userEvent.click(screen.getByRole('button', { name: 'Add option' }))
}

afterEach(() => {
  cleanup()
  clearSession()
  vi.unstubAllGlobals()
})

describe('the shipping option dialog', () => {
  it('sends nothing while a field is wrong, and says so beside it', async () => {
    const { fetch } = renderDialog(json(201, {}))
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }))
    expect(screen.getByRole('textbox', { name: /Carrier/ })).toHaveAccessibleDescription(/This field is mandatory/)
    expect(screen.getByRole('textbox', { name: /Price/ })).toHaveAccessibleDescription(/This field is mandatory/)
    expect(fetch).not.toHaveBeenCalled()
  })

  it('posts the option in dollars and closes once saved', async () => {
    const { fetch, onClose } = renderDialog(json(201, { id: 9, carrier: 'USPS', speed: 'Priority Mail', price: 12.5, active: true, sortOrder: 10 }))
    await fillIn()
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled())
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toMatch(/\/shipping-options$/)
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({ carrier: 'USPS', speed: 'Priority Mail', price: 12.5, active: true, sortOrder: 10 })
  })

  it('shows a refusal in the dialog, its detail and details', async () => {
    renderDialog(
      json(409, { detail: 'This carrier already has an option of that speed', details: 'USPS already has “Priority Mail”: change that option instead' }),
    )
    await fillIn()
    expect(
      await screen.findByText('This carrier already has an option of that speed. USPS already has “Priority Mail”: change that option instead'),
    ).toBeVisible()
    expect(screen.getByRole('dialog', { name: 'Add shipping option' })).toBeVisible()
  })

  it('puts a field the server refuses beside that field', async () => {
    renderDialog(
      json(422, {
        detail: 'Invalid request',
        details: 'price: Price cannot exceed 10000',
        issues: [{ path: 'price', message: 'price: Price cannot exceed 10000' }],
      }),
    )
    await fillIn()
    await vi.waitFor(() => expect(screen.getByRole('textbox', { name: /Price/ })).toHaveAccessibleDescription(/Price cannot exceed 10000/))
  })
})
