import { coverSheetCode, type Client } from '@contract/clients'
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { encode } from 'uqr'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { PrintAreaStyle } from '~/ui/print-area'

const sheet = css({
  display: 'grid',
  justifyItems: 'center',
  gap: '3',
  p: '6',
  textAlign: 'center',
  bg: 'white',
  color: 'black',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
})
const company = css({ m: '0', fontSize: 'xl', fontWeight: 'bold' })
const mailbox = css({ m: '0', fontSize: '3xl', fontWeight: 'bold', letterSpacing: 'wide', fontVariantNumeric: 'tabular-nums' })
const note = css({ m: '0', fontSize: 'sm', maxW: 'sm' })
const code = css({ w: '48', h: '48', _print: { w: '72mm', h: '72mm' } })

/** A QR code drawn as one SVG path of its dark modules, with the quiet zone readers need around it. */
function QrCode({ text, label }: { text: string; label: string }) {
  const { path, size } = useMemo(() => {
    const qr = encode(text, { ecc: 'M', border: 4 })
    let d = ''
    qr.data.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : '')))
    return { path: d, size: qr.size }
  }, [text])
  return (
    <svg className={code} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="white" />
      <path d={path} fill="black" />
    </svg>
  )
}

/**
 * A client's cover sheet, for staff: the company, its mailbox number in large type and a QR code of it.
 * Laid on top of the client's mail, its photo tells the upload form which client the batch is for.
 * "Print" prints the sheet alone.
 */
export function CoverSheetDialog({ client, onClose }: { client: Client; onClose: () => void }) {
  const number = client.mailboxNumber ?? ''
  return (
    <Dialog.Open onClose={onClose}>
      <Dialog.Content>
        <Dialog.Header>Cover sheet</Dialog.Header>
        <Dialog.Body>
          <PrintAreaStyle />
          <div className={sheet} data-print-area="" data-testid="cover-sheet">
            <p className={company}>{client.companyName}</p>
            <p className={mailbox}>{number}</p>
            <QrCode text={coverSheetCode(number)} label={`QR code of mailbox ${number}`} />
            <p className={note}>Put this sheet on top of the client’s mail and photograph it first: the upload form picks the client from it.</p>
          </div>
        </Dialog.Body>
        <Dialog.Footer>
          <Button onClick={() => window.print()}>Print</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Open>
  )
}
