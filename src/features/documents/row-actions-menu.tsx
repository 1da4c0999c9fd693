import type { ReactElement } from 'react'
import { css } from 'styled-system/css'
import { DownloadIcon, MailIcon, TrashIcon } from '~/ui/icons'
import { Menu } from '~/ui/menu'

const itemIcon = css({ color: 'fg.muted' })
const danger = css({ color: 'fg.danger' })

/**
 * A document row's menu (see RowActions in documents-table): Download, the mail request (follow it, or
 * request by mail) and Delete, as the row allows.
 */
export default function RowActionsMenu({
  defaultOpen,
  trigger,
  download,
  follow,
  request,
  remove,
  onSelect,
}: {
  defaultOpen: boolean
  /** The row's button, the same the list shows before the menu is built. */
  trigger: ReactElement
  download: boolean
  follow: boolean
  request: boolean
  remove: boolean
  onSelect: (details: { value: string }) => void
}) {
  return (
    <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end' }} defaultOpen={defaultOpen} lazyMount unmountOnExit>
      <Menu.Trigger asChild>{trigger}</Menu.Trigger>
      <Menu.Content>
        {download && (
          <Menu.Item value="download">
            <DownloadIcon size={16} className={itemIcon} />
            Download
          </Menu.Item>
        )}
        {follow && (
          <Menu.Item value="follow">
            <MailIcon size={16} className={itemIcon} />
            Mail requested: follow it
          </Menu.Item>
        )}
        {request && (
          <Menu.Item value="request">
            <MailIcon size={16} className={itemIcon} />
            Request by mail
          </Menu.Item>
        )}
        {remove && (
          <Menu.Item value="delete" className={danger}>
            <TrashIcon size={16} />
            Delete
          </Menu.Item>
        )}
      </Menu.Content>
    </Menu.Root>
  )
}
