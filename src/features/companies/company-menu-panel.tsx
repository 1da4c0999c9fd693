import type { Company } from '@contract/team'
import { TEAM_ROLE_LABELS } from '@contract/team'
import { useNavigate } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { useRequiredSession } from '~/lib/session'
import { CheckIcon } from '~/ui/icons'
import { Menu } from '~/ui/menu'
import { CompanyFace, companyTrigger } from './company-face'
import { useSwitchCompany } from './api'

const indicator = css({ display: 'inline-flex', w: '4', color: 'accent.text' })
const roleText = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })

/**
 * The company switcher's menu (see CompanySwitcher): one entry per company (menuitemradio, the current
 * one checked) with the person's role there. Choosing another asks the server for a session in it,
 * stores it as sign-in does and opens that company's dashboard. "Add a company" opens the wizard that
 * registers another one for this login.
 */
export default function CompanyMenuPanel({ defaultOpen, companies }: { defaultOpen: boolean; companies: Company[] }) {
  const { user } = useRequiredSession()
  const navigate = useNavigate()
  const switching = useSwitchCompany(
    () => void navigate({ to: '/client/dashboard' }),
    (error) =>
      void import('~/ui/toaster').then(({ notify }) =>
        notify.error(errorMessage(error, 'The company could not be switched. Try again.'), { id: 'switch-company' }),
      ),
  )
  const current = String(user.clientId)

  const choose = (value: string) => {
    if (value === current || switching.isPending) return
    switching.mutate(Number(value))
  }

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-start' }}
      defaultOpen={defaultOpen}
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        if (value === 'add-company') void navigate({ to: '/client/add-company/company-details' })
      }}
    >
      <Menu.Trigger className={companyTrigger} aria-busy={switching.isPending || undefined}>
        <CompanyFace name={user.companyName ?? ''} />
      </Menu.Trigger>
      <Menu.Content aria-label="Switch company">
        <Menu.RadioItemGroup value={current} onValueChange={(details) => choose(details.value)}>
          <Menu.ItemGroupLabel>Your companies</Menu.ItemGroupLabel>
          {companies.map((company) => (
            <Menu.RadioItem key={company.clientId} value={String(company.clientId)}>
              <Menu.ItemIndicator className={indicator}>
                <CheckIcon size={16} aria-hidden="true" />
              </Menu.ItemIndicator>
              <Menu.ItemText>
                {company.companyName}
                <span className={roleText}>{TEAM_ROLE_LABELS[company.role]}</span>
              </Menu.ItemText>
            </Menu.RadioItem>
          ))}
        </Menu.RadioItemGroup>
        <Menu.Separator />
        <Menu.Item value="add-company">Add a company</Menu.Item>
      </Menu.Content>
    </Menu.Root>
  )
}
