import { Portal } from '@ark-ui/react/portal'
import { Tooltip as ArkTooltip } from '@ark-ui/react/tooltip'
import type { ReactNode } from 'react'
import { tooltip } from 'styled-system/recipes'

/** Tooltips open after 700 ms, warning tooltips after 100 ms. */
export const TOOLTIP_OPEN_DELAY_MS = 700
export const WARNING_TOOLTIP_OPEN_DELAY_MS = 100
/**
 * Skip delay: once a tooltip shows, another one opens at once if the pointer reaches it within 300 ms.
 * Ark (zag) has no separate skip-delay option; it opens the next tooltip instantly while the previous
 * one is still closing, so the close delay is that window.
 */
export const TOOLTIP_SKIP_DELAY_MS = 300

export type TooltipProps = {
  content: ReactNode
  /** The trigger: one focusable element (button, link) receiving the hover and focus handlers. */
  children: ReactNode
  variant?: 'default' | 'warning'
  placement?: 'top' | 'bottom' | 'left' | 'right'
  disabled?: boolean
}

/** A hover and focus hint; never put information only here that a touch user needs. */
export function Tooltip({ content, children, variant = 'default', placement = 'top', disabled }: TooltipProps) {
  const classes = tooltip({ variant })
  return (
    <ArkTooltip.Root
      openDelay={variant === 'warning' ? WARNING_TOOLTIP_OPEN_DELAY_MS : TOOLTIP_OPEN_DELAY_MS}
      closeDelay={TOOLTIP_SKIP_DELAY_MS}
      positioning={{ placement }}
      disabled={disabled}
    >
      <ArkTooltip.Trigger asChild>{children}</ArkTooltip.Trigger>
      <Portal>
        <ArkTooltip.Positioner className={classes.positioner}>
          <ArkTooltip.Content className={classes.content}>
            <ArkTooltip.Arrow className={classes.arrow}>
              <ArkTooltip.ArrowTip className={classes.arrowTip} />
            </ArkTooltip.Arrow>
            {content}
          </ArkTooltip.Content>
        </ArkTooltip.Positioner>
      </Portal>
    </ArkTooltip.Root>
  )
}
