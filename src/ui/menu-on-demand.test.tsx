import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy } from 'react'
import { describe, expect, it } from 'vitest'
import { Menu } from './menu.tsx'
import { MenuOnDemand } from './menu-on-demand.tsx'

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
// As the top bar's menus come: in a chunk of their own.
const LazyAccountMenu = lazy(async () => ({ default: AccountMenu }))

const page = (ready: boolean) => (
  <MenuOnDemand ready={ready} face="Account">
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

  it('opens the menu when the button is pressed before the page is ready', async () => {
    render(page(false))
    await userEvent.click(screen.getByRole('button', { name: 'Account' }))
    expect(await screen.findByRole('menuitem', { name: 'Log Out' })).toBeVisible()
    expect(realTrigger()).toHaveAttribute('aria-expanded', 'true')
  })
})
