import type { SVGProps } from 'react'

type IconProps = SVGProps<SVGSVGElement> & { size?: number | string }

/** Stroke icons of the invoice pages (24 px grid, decorative). */
function icon(paths: string[], displayName: string) {
  function Icon({ size = '1em', ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    )
  }
  Icon.displayName = displayName
  return Icon
}

export const RefreshIcon = icon(['M21 12a9 9 0 1 1-2.64-6.36', 'M21 3v6h-6'], 'RefreshIcon')
export const PrintIcon = icon(['M6 9V2h12v7', 'M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2', 'M6 14h12v8H6z'], 'PrintIcon')
export const DownloadIcon = icon(['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5', 'M12 15V3'], 'DownloadIcon')
export const BackIcon = icon(['m12 19-7-7 7-7', 'M19 12H5'], 'BackIcon')
