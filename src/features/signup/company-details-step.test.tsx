import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { signupKeys } from './api'
import { CompanyDetailsStep } from './company-details-step'
import { clearDraft, getDraft, saveDraft } from './draft'

/** The public wizard's first step inside a real router and query client, with the entity types loaded. */
function renderStep() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(signupKeys.businessEntityTypes(), [
    { id: 1, name: 'Florida Profit Corporation' },
    { id: 3, name: 'Florida Limited Liability Company' },
  ])
  const root = createRootRoute({ component: Outlet })
  const step = createRoute({ getParentRoute: () => root, path: '/signup/company-details', component: () => <CompanyDetailsStep flavor="public" /> })
  const next = createRoute({ getParentRoute: () => root, path: '/signup/choose-address', component: () => <p>Choose Address step</p> })
  const login = createRoute({ getParentRoute: () => root, path: '/login', component: () => <p>Sign in</p> })
  const router = createRouter({
    routeTree: root.addChildren([step, next, login]),
    history: createMemoryHistory({ initialEntries: ['/signup/company-details'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { router, user: userEvent.setup() }
}

const notifyAttorney = () => screen.getByRole('radiogroup', { name: /Notify Attorney/ })

beforeEach(() => {
  sessionStorage.clear()
  clearDraft('public')
})

describe('Company Details', () => {
  it('says "This field is mandatory" for each empty required field and does not move on', async () => {
    const { router, user } = renderStep()
    await user.click(await screen.findByRole('button', { name: /Next/ }))
    await waitFor(() => expect(screen.getAllByText('This field is mandatory')).toHaveLength(2))
    expect(screen.getByLabelText(/Company Name/)).toHaveAttribute('aria-invalid', 'true')
    expect(router.state.location.pathname).toBe('/signup/company-details')
  })

  it('asks for the attorney e-mail only when Notify Attorney is Yes, requires it then, and clears it on No', async () => {
    saveDraft('public', { companyName: 'Coral Reef LLC', businessEntityType: '3' })
    const { router, user } = renderStep()
    await screen.findByRole('button', { name: /Next/ })
    expect(screen.queryByLabelText(/Attorney E-mail/)).not.toBeInTheDocument()
    expect(within(notifyAttorney()).getByRole('radio', { name: 'No' })).toBeChecked()

    await user.click(within(notifyAttorney()).getByText('Yes'))
    const attorney = await screen.findByLabelText(/Attorney E-mail/)
    await user.click(screen.getByRole('button', { name: /Next/ }))
    expect(await screen.findByText('This field is mandatory')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/signup/company-details')

    await user.type(attorney, 'law@example.test')
    await waitFor(() => expect(getDraft('public').attorneyEmail).toBe('law@example.test'))
    await user.click(within(notifyAttorney()).getByText('No'))
    await waitFor(() => expect(screen.queryByLabelText(/Attorney E-mail/)).not.toBeInTheDocument())
    expect(getDraft('public')).toMatchObject({ notifyLawSuit: 'no', attorneyEmail: '' })

    await user.click(within(notifyAttorney()).getByText('Yes'))
    expect(await screen.findByLabelText(/Attorney E-mail/)).toHaveValue('')
  })

  it('keeps the answers (Hire Us defaulting to No) and opens the next step', async () => {
    saveDraft('public', { businessEntityType: '3' })
    const { router, user } = renderStep()
    await user.type(await screen.findByLabelText(/Company Name/), '  Coral Reef LLC')
    await user.click(screen.getByRole('button', { name: /Next/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup/choose-address'))
    expect(getDraft('public')).toMatchObject({ companyName: '  Coral Reef LLC', businessEntityType: '3', notifyLawSuit: 'no', hireUs: 'no', attorneyEmail: '' })
  })
})
