import type { JSX, SVGProps } from 'react'

/** Stroke icons (24 px grid), decorative unless given a title by the caller. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string }
export type IconComponent = (props: IconProps) => JSX.Element

/**
 * The one icon base: a stroke icon of the given paths, text-sized unless told otherwise. The shell's
 * own icons (shell-icons.tsx) use it too but stay out of this module, so public pages do not load them.
 */
export function icon(paths: string[], displayName: string, defaultSize: number | string = '1em'): IconComponent {
  function Icon({ size = defaultSize, ...props }: IconProps) {
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

export const CloseIcon = /* @__PURE__ */ icon(['M18 6 6 18', 'm6 6 12 12'], 'CloseIcon')
export const CheckIcon = /* @__PURE__ */ icon(['M20 6 9 17l-5-5'], 'CheckIcon')
export const MinusIcon = /* @__PURE__ */ icon(['M5 12h14'], 'MinusIcon')
export const ChevronDownIcon = /* @__PURE__ */ icon(['m6 9 6 6 6-6'], 'ChevronDownIcon')
export const ChevronLeftIcon = /* @__PURE__ */ icon(['m15 18-6-6 6-6'], 'ChevronLeftIcon')
export const ChevronRightIcon = /* @__PURE__ */ icon(['m9 18 6-6-6-6'], 'ChevronRightIcon')
export const ChevronsLeftIcon = /* @__PURE__ */ icon(['m11 17-5-5 5-5', 'm18 17-5-5 5-5'], 'ChevronsLeftIcon')
export const ChevronsRightIcon = /* @__PURE__ */ icon(['m6 17 5-5-5-5', 'm13 17 5-5-5-5'], 'ChevronsRightIcon')
export const ArrowUpIcon = /* @__PURE__ */ icon(['m5 12 7-7 7 7', 'M12 19V5'], 'ArrowUpIcon')
export const ArrowDownIcon = /* @__PURE__ */ icon(['M12 5v14', 'm19 12-7 7-7-7'], 'ArrowDownIcon')
export const SortIcon = /* @__PURE__ */ icon(['m7 15 5 5 5-5', 'm7 9 5-5 5 5'], 'SortIcon')
export const FilterIcon = /* @__PURE__ */ icon(['M22 3H2l8 9.46V19l4 2v-8.54L22 3z'], 'FilterIcon')
export const SearchIcon = /* @__PURE__ */ icon(['m21 21-4.3-4.3', 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z'], 'SearchIcon')
export const InfoIcon = /* @__PURE__ */ icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 16v-4', 'M12 8h.01'], 'InfoIcon')
export const SuccessIcon = /* @__PURE__ */ icon(['M22 11.08V12a10 10 0 1 1-5.93-9.14', 'M22 4 12 14.01l-3-3'], 'SuccessIcon')
export const WarningIcon = /* @__PURE__ */ icon(
  ['m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3Z', 'M12 9v4', 'M12 17h.01'],
  'WarningIcon',
)
export const DangerIcon = /* @__PURE__ */ icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'm15 9-6 6', 'm9 9 6 6'], 'DangerIcon')
export const InboxIcon = /* @__PURE__ */ icon(
  ['M22 12h-6l-2 3h-4l-2-3H2', 'M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z'],
  'InboxIcon',
)
export const ClockIcon = /* @__PURE__ */ icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2'], 'ClockIcon')
export const EyeIcon = /* @__PURE__ */ icon(['M2 12s3-7 10-7 10 7 10 7-3 7-10 7-10-7-10-7z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'], 'EyeIcon')
export const DownloadIcon = /* @__PURE__ */ icon(['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5', 'M12 15V3'], 'DownloadIcon')
export const UploadIcon = /* @__PURE__ */ icon(['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm17 8-5-5-5 5', 'M12 3v12'], 'UploadIcon')
export const TrashIcon = /* @__PURE__ */ icon(['M3 6h18', 'M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6', 'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2'], 'TrashIcon')
export const MailIcon = /* @__PURE__ */ icon(['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'm22 6-10 7L2 6'], 'MailIcon')
export const RefreshIcon = /* @__PURE__ */ icon(['M21 12a9 9 0 1 1-2.64-6.36', 'M21 3v6h-6'], 'RefreshIcon')
export const PrintIcon = /* @__PURE__ */ icon(
  ['M6 9V2h12v7', 'M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2', 'M6 14h12v8H6z'],
  'PrintIcon',
)
export const BackIcon = /* @__PURE__ */ icon(['m12 19-7-7 7-7', 'M19 12H5'], 'BackIcon')
export const CameraIcon = /* @__PURE__ */ icon(
  ['M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3l-2.5-3z', 'M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'],
  'CameraIcon',
)
export const FileIcon = /* @__PURE__ */ icon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6'], 'FileIcon')
export const MoreIcon = /* @__PURE__ */ icon(
  ['M12 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z', 'M19 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z', 'M5 13a1 1 0 1 0 0-2 1 1 0 0 0 0 2z'],
  'MoreIcon',
)
