import type { ReactElement } from 'react'
import { css } from 'styled-system/css'
import type { MailActionKind } from '@contract/mail-actions'
import { DownloadIcon, FileIcon, InboxIcon, MailIcon, TrashIcon } from '~/ui/icons'
import { Menu } from '~/ui/menu'

const itemIcon = css({ color: 'fg.muted' })
const danger = css({ color: 'fg.danger' })

/**
 * A document row's menu (see RowActions in documents-table): Download, the client's actions on the
 * piece of mail (open and scan, hold, request by mail, shred; or follow the mail request) and Delete,
 * as the row allows.
 */
export default function RowActionsMenu({
  defaultOpen,
  trigger,
  download,
  follow,
  request,
  mailActions,
  remove,
  onSelect,
}: {
  defaultOpen: boolean
  /** The row's button, the same the list shows before the menu is built. */
  trigger: ReactElement
  download: boolean
  follow: boolean
  request: boolean
  /** The client's actions on the piece of mail it may ask for now (open and scan, shred, hold). */
  mailActions: readonly MailActionKind[]
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
        {mailActions.includes('open-and-scan') && (
          <Menu.Item value="open-and-scan">
            <FileIcon size={16} className={itemIcon} />
            Open and scan
          </Menu.Item>
        )}
        {mailActions.includes('hold') && (
          <Menu.Item value="hold">
            <InboxIcon size={16} className={itemIcon} />
            Hold for pick-up
          </Menu.Item>
        )}
        {request && (
          <Menu.Item value="request">
            <MailIcon size={16} className={itemIcon} />
            Request by mail
          </Menu.Item>
        )}
        {mailActions.includes('shred') && (
          <Menu.Item value="shred" className={danger}>
            <TrashIcon size={16} />
            Shred
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
