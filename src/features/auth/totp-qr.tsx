import { useEffect, useState } from 'react'
import { css } from 'styled-system/css'

/**
 * The otpauth:// address as a QR code for the authenticator app to scan. The encoder (uqr) is loaded
 * here, when a set-up starts, and drawn as one SVG path (no markup injected).
 */
export function TotpQr({ url }: { url: string }) {
  const [path, setPath] = useState<{ d: string; size: number } | null>(null)
  useEffect(() => {
    let live = true
    void import('uqr').then(({ encode }) => {
      const { data, size } = encode(url, { ecc: 'M', border: 2 })
      let d = ''
      data.forEach((row, y) => row.forEach((dark, x) => void (dark && (d += `M${x} ${y}h1v1h-1z`))))
      if (live) setPath({ d, size })
    })
    return () => void (live = false)
  }, [url])
  const box = css({ w: '48', h: '48', bg: 'white', borderRadius: 'md', border: '1px solid', borderColor: 'border.default' })
  if (!path) return <div className={box} aria-hidden="true" />
  return (
    <svg
      className={box}
      viewBox={`0 0 ${path.size} ${path.size}`}
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <path d={path.d} fill="#000" />
    </svg>
  )
}
