import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Menu } from './menu.tsx'
import { lazyMenu, MenuOnDemand } from './menu-on-demand.tsx'

let built = 0
function AccountMenu({ defaultOpen }: { defaultOpen: boolean }) {
  built++
  return (
    <Menu.Root defaultOpen={defaultOpen} lazyMount unmountOnExit>
      <Menu.Trigger>Account</Menu.Trigger>
      <Menu.Content>
        <Menu.Item value="settings">Settings</Menu.Item>
        <Menu.Item value="log-out">Log Out</Menu.Item>
      </Menu.Content>
    </Menu.Root>
  )
}
// As the app's menus come: in a chunk of their own.
const LazyAccountMenu = lazyMenu(async () => ({ default: AccountMenu }))

const page = (ready?: boolean) => (
  <MenuOnDemand ready={ready} trigger={<button type="button">Account</button>}>
    {(open) => <LazyAccountMenu defaultOpen={open} />}
  </MenuOnDemand>
)
/** Ark's menu trigger carries its part name; the stand-in is a plain button. */
const realTrigger = () => document.querySelector('[data-scope="menu"][data-part="trigger"]')

describe('MenuOnDemand', () => {
  it('shows a plain button until the page is ready, then the menu takes its place with the focus', async () => {
    built = 0
    const { rerender } = render(page(false))
    const standIn = screen.getByRole('button', { name: 'Account' })
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu')
    expect(realTrigger()).toBeNull()
    expect(built).toBe(0)

    standIn.focus()
    rerender(page(true))
    await waitFor(() => expect(realTrigger()).not.toBeNull())
    expect(screen.getAllByRole('button', { name: 'Account' })).toHaveLength(1)
    expect(realTrigger()).toHaveFocus()
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('opens the menu when the button is pressed before it is built', async () => {
    render(page(false))
    await userEvent.click(screen.getByRole('button', { name: 'Account' }))
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeVisible()
    expect(realTrigger()).toHaveAttribute('aria-expanded', 'true')
  })

  it('without `ready`, builds nothing until used; ArrowDown opens it as on a real menu button', async () => {
    built = 0
    render(page())
    expect(built).toBe(0)
    screen.getByRole('button', { name: 'Account' }).focus()
    await userEvent.keyboard('{ArrowDown}')
    expect(await screen.findByRole('menuitem', { name: 'Settings' })).toBeVisible()
    expect(built).toBeGreaterThan(0)
  })

  it('keeps the button when the menu cannot load, and a later press loads it again', async () => {
    let online = false
    const load = vi.fn(async () => {
      if (!online) throw new Error('offline')
      return { default: AccountMenu }
    })
    const Flaky = lazyMenu(load)
    // React reports the error it caught to the console: expected here, and checked.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    render(<MenuOnDemand trigger={<button type="button">Account</button>}>{(open) => <Flaky defaultOpen={open} />}</MenuOnDemand>)
    await userEvent.click(screen.getByRole('button', { name: 'Account' }))
    await waitFor(() => expect(reported).toHaveBeenCalled())
    expect(reported.mock.calls.flat().some((arg) => arg instanceof Error && arg.message === 'offline')).toBe(true)
    const button = await screen.findByRole('button', { name: 'Account' })
    expect(button).not.toHaveAttribute('data-scope')
    expect(screen.queryByRole('menu')).toBeNull()

    online = true
    await userEvent.click(button)
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeVisible()
    reported.mockClear()
  })
})
