import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components'
import type { CSSProperties, ReactNode } from 'react'
import { portalLink, type MailBrand } from '../brand'

/**
 * The one layout of every e-mail: the provider's name over a white card, the message, and a footer
 * with the provider's address and support contacts. Styles are inline (mail programs drop style
 * sheets), in the portal's colours and type; widths fit a phone.
 */

const colors = {
  accent: '#1d4ed8',
  text: '#111827',
  muted: '#4b5563',
  page: '#f3f4f6',
  card: '#ffffff',
  border: '#e5e7eb',
  urgent: '#b91c1c',
}

const font = "system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"

const styles = {
  body: { margin: 0, padding: '24px 0', backgroundColor: colors.page, fontFamily: font, color: colors.text },
  container: { maxWidth: '560px', margin: '0 auto', padding: '0 12px' },
  brand: { margin: '0 0 12px', fontSize: '16px', lineHeight: '24px', fontWeight: 700, color: colors.accent },
  card: { backgroundColor: colors.card, border: `1px solid ${colors.border}`, borderRadius: '8px', padding: '24px' },
  heading: { margin: '0 0 16px', fontSize: '22px', lineHeight: '28px', fontWeight: 700, color: colors.text },
  urgentHeading: { margin: '0 0 16px', fontSize: '22px', lineHeight: '28px', fontWeight: 700, color: colors.urgent },
  paragraph: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: colors.text },
  button: {
    display: 'inline-block',
    backgroundColor: colors.accent,
    color: '#ffffff',
    fontSize: '16px',
    fontWeight: 600,
    lineHeight: '24px',
    textDecoration: 'none',
    borderRadius: '6px',
    padding: '10px 18px',
  },
  fallback: { margin: '16px 0 0', fontSize: '13px', lineHeight: '20px', color: colors.muted, wordBreak: 'break-all' },
  quote: { margin: '0 0 16px', padding: '12px 16px', borderLeft: `4px solid ${colors.border}`, backgroundColor: '#f9fafb' },
  quoteText: { margin: '0', fontSize: '15px', lineHeight: '22px', color: colors.text },
  facts: { margin: '0 0 16px', fontSize: '15px', lineHeight: '22px', color: colors.muted },
  hr: { borderColor: colors.border, margin: '24px 0 16px' },
  footer: { margin: '0 0 4px', fontSize: '13px', lineHeight: '20px', color: colors.muted },
  link: { color: colors.accent, textDecoration: 'underline' },
} satisfies Record<string, CSSProperties>

export function MailLayout(props: {
  brand: MailBrand
  /** The line mail programs show after the subject in the list. */
  preview: string
  heading: string
  urgent?: boolean
  children: ReactNode
  /** Why this mail came and how to stop it (notification mail), under the signature. */
  footnote?: ReactNode
}) {
  const { brand } = props
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Text style={styles.brand}>
            <Link href={portalLink(brand, '/')} style={{ color: colors.accent, textDecoration: 'none' }}>
              {brand.name}
            </Link>
          </Text>
          <Section style={styles.card}>
            <Heading as="h1" style={props.urgent ? styles.urgentHeading : styles.heading}>
              {props.heading}
            </Heading>
            {props.children}
          </Section>
          <Hr style={styles.hr} />
          <Text style={styles.footer}>
            {brand.name}
            {brand.address ? ` · ${brand.address}` : ''}
          </Text>
          <Text style={styles.footer}>
            Questions? Call{' '}
            <Link href={`tel:${brand.supportPhone.replace(/[^\d+]/g, '')}`} style={styles.link}>
              {brand.supportPhone}
            </Link>{' '}
            or write to{' '}
            <Link href={`mailto:${brand.supportEmail}`} style={styles.link}>
              {brand.supportEmail}
            </Link>
            .
          </Text>
          {props.footnote ? <Text style={styles.footer}>{props.footnote}</Text> : null}
        </Container>
      </Body>
    </Html>
  )
}

/** A paragraph of the message. */
export const P = ({ children }: { children: ReactNode }) => <Text style={styles.paragraph}>{children}</Text>

/** The message's main link as a button, with the address written out below for mail programs that hide buttons. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
      <Text style={styles.fallback}>
        Or open this address:{' '}
        <Link href={href} style={styles.link}>
          {href}
        </Link>
      </Text>
    </Section>
  )
}

/** A plain link in the text. */
export const A = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link href={href} style={styles.link}>
    {children}
  </Link>
)

/** Someone's own words (a support message), set apart, their line breaks kept. */
export function Quote({ text }: { text: string }) {
  const paragraphs = text.split(/\n{2,}/)
  return (
    <Section style={styles.quote}>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={{ ...styles.quoteText, ...(i < paragraphs.length - 1 ? { marginBottom: '12px' } : {}) }}>
          {paragraph.split('\n').map((line, j) => (
            <span key={j}>
              {j > 0 ? <br /> : null}
              {line}
            </span>
          ))}
        </Text>
      ))}
    </Section>
  )
}

/** Short labelled facts (subject, document, attachment), one a line. */
export function Facts({ items }: { items: [label: string, value: string][] }) {
  if (items.length === 0) return null
  return (
    <Text style={styles.facts}>
      {items.map(([label, value], i) => (
        <span key={label}>
          {i > 0 ? <br /> : null}
          <strong>{label}:</strong> {value}
        </span>
      ))}
    </Text>
  )
}

/** The footnote of mail a user can switch off: which kind it is, and the links to stop it or choose. */
export function UnsubscribeNote({ brand, kindLabel, unsubscribeUrl }: { brand: MailBrand; kindLabel: string; unsubscribeUrl: string }) {
  return (
    <>
      You receive this because e-mails about {kindLabel.toLowerCase()} are on for your account. <A href={unsubscribeUrl}>Stop these e-mails</A> or choose in{' '}
      <A href={portalLink(brand, '/account-settings/notifications')}>notification settings</A>.
    </>
  )
}
