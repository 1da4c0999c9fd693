import { css } from 'styled-system/css'
import { ComingSoon } from '~/ui/empty-state'
import { PageHeader } from '~/ui/page-header'

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '4', md: '8' } })

/**
 * A page that a later part of the portal builds: its real heading inside the real layout, and a plain
 * "coming soon" panel instead of a blank screen.
 */
export function PlaceholderPage({ title, description }: { title: string; description?: string }) {
  return (
    <>
      <PageHeader title={title} />
      <section className={panel} aria-label={title}>
        <ComingSoon title="Coming soon" description={description ?? `The ${title} page is being built and will appear here.`} />
      </section>
    </>
  )
}
