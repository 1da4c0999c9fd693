import type { JSX, SVGProps } from 'react'

/** Stroke icons (24 px grid), decorative unless given a title by the caller. */
export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string }
export type IconComponent = (props: IconProps) => JSX.Element

/** Inline icons default to the text size; the sidebar and top-bar icons to 20 px (the label carries the meaning). */
const NAV_SIZE = 20

function icon(paths: string[], displayName: string, defaultSize: number | string = '1em'): IconComponent {
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

export const CloseIcon = icon(['M18 6 6 18', 'm6 6 12 12'], 'CloseIcon')
export const CheckIcon = icon(['M20 6 9 17l-5-5'], 'CheckIcon')
export const MinusIcon = icon(['M5 12h14'], 'MinusIcon')
export const ChevronDownIcon = icon(['m6 9 6 6 6-6'], 'ChevronDownIcon')
export const ChevronLeftIcon = icon(['m15 18-6-6 6-6'], 'ChevronLeftIcon')
export const ChevronRightIcon = icon(['m9 18 6-6-6-6'], 'ChevronRightIcon')
export const ChevronsLeftIcon = icon(['m11 17-5-5 5-5', 'm18 17-5-5 5-5'], 'ChevronsLeftIcon')
export const ChevronsRightIcon = icon(['m6 17 5-5-5-5', 'm13 17 5-5-5-5'], 'ChevronsRightIcon')
export const ArrowUpIcon = icon(['m5 12 7-7 7 7', 'M12 19V5'], 'ArrowUpIcon')
export const ArrowDownIcon = icon(['M12 5v14', 'm19 12-7 7-7-7'], 'ArrowDownIcon')
export const SortIcon = icon(['m7 15 5 5 5-5', 'm7 9 5-5 5 5'], 'SortIcon')
export const SearchIcon = icon(['m21 21-4.3-4.3', 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16z'], 'SearchIcon')
export const InfoIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 16v-4', 'M12 8h.01'], 'InfoIcon')
export const SuccessIcon = icon(['M22 11.08V12a10 10 0 1 1-5.93-9.14', 'M22 4 12 14.01l-3-3'], 'SuccessIcon')
export const WarningIcon = icon(['m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3Z', 'M12 9v4', 'M12 17h.01'], 'WarningIcon')
export const DangerIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'm15 9-6 6', 'm9 9 6 6'], 'DangerIcon')
export const InboxIcon = icon(['M22 12h-6l-2 3h-4l-2-3H2', 'M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z'], 'InboxIcon')
export const ClockIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M12 6v6l4 2'], 'ClockIcon')
export const EyeIcon = icon(['M2 12s3-7 10-7 10 7 10 7-3 7-10 7-10-7-10-7z', 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z'], 'EyeIcon')
export const DownloadIcon = icon(['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm7 10 5 5 5-5', 'M12 15V3'], 'DownloadIcon')
export const UploadIcon = icon(['M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4', 'm17 8-5-5-5 5', 'M12 3v12'], 'UploadIcon')
export const TrashIcon = icon(['M3 6h18', 'M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6', 'M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2'], 'TrashIcon')
export const MailIcon = icon(['M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z', 'm22 6-10 7L2 6'], 'MailIcon')
export const RefreshIcon = icon(['M21 12a9 9 0 1 1-2.64-6.36', 'M21 3v6h-6'], 'RefreshIcon')
export const PrintIcon = icon(['M6 9V2h12v7', 'M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2', 'M6 14h12v8H6z'], 'PrintIcon')
export const BackIcon = icon(['m12 19-7-7 7-7', 'M19 12H5'], 'BackIcon')
export const CameraIcon = icon(['M14.5 4h-5L7 7H4a2 2 0 0 0-2 2v9a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V9a2 2 0 0 0-2-2h-3l-2.5-3z', 'M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'], 'CameraIcon')
export const FileIcon = icon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6'], 'FileIcon')

// Sidebar, top bar and user menu
export const DashboardIcon = icon(['M3 3h7v9H3z', 'M14 3h7v5h-7z', 'M14 12h7v9h-7z', 'M3 16h7v5H3z'], 'DashboardIcon', NAV_SIZE)
export const DocumentsIcon = icon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6', 'M16 13H8', 'M16 17H8', 'M10 9H8'], 'DocumentsIcon', NAV_SIZE)
export const InvoicesIcon = icon(['M4 2v20l3-2 3 2 3-2 3 2 3-2 1 .7V2l-1 .7-3-2-3 2-3-2-3 2-3-2z', 'M8 7h8', 'M8 11h8', 'M8 15h5'], 'InvoicesIcon', NAV_SIZE)
export const AddOnsIcon = icon(['M12 2 2 7l10 5 10-5-10-5z', 'm2 17 10 5 10-5', 'm2 12 10 5 10-5'], 'AddOnsIcon', NAV_SIZE)
export const RequestsIcon = icon(['M21 8V21H3V8', 'M1 3h22v5H1z', 'M10 12h4'], 'RequestsIcon', NAV_SIZE)
export const SupportIcon = icon(['M3 18v-6a9 9 0 0 1 18 0v6', 'M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3z', 'M3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z'], 'SupportIcon', NAV_SIZE)
export const FaqsIcon = icon(['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3', 'M12 17h.01'], 'FaqsIcon', NAV_SIZE)
export const ClientsIcon = icon(['M3 21V7l9-4 9 4v14', 'M9 21v-6h6v6', 'M8 10h.01', 'M12 10h.01', 'M16 10h.01'], 'ClientsIcon', NAV_SIZE)
export const UsersIcon = icon(['M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2', 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M22 21v-2a4 4 0 0 0-3-3.87', 'M16 3.13a4 4 0 0 1 0 7.75'], 'UsersIcon', NAV_SIZE)
export const RolesIcon = icon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'm9 12 2 2 4-4'], 'RolesIcon', NAV_SIZE)
export const ExternalIcon = icon(['M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6', 'M15 3h6v6', 'M10 14 21 3'], 'ExternalIcon', NAV_SIZE)
export const MenuIcon = icon(['M4 6h16', 'M4 12h16', 'M4 18h16'], 'MenuIcon', NAV_SIZE)
export const SidebarIcon = icon(['M3 5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z', 'M9 3v18'], 'SidebarIcon', NAV_SIZE)
export const BellIcon = icon(['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'], 'BellIcon', NAV_SIZE)
export const UserIcon = icon(['M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'], 'UserIcon', NAV_SIZE)
export const SettingsIcon = icon(['M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-2.82 1.17V21a2 2 0 1 1-4 0v-.09a1.65 1.65 0 0 0-2.82-1.17l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 3 13.09H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 8a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9.91 3.1V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 2.82 1.17l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 20.9 9.91H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z'], 'SettingsIcon', NAV_SIZE)
export const LogOutIcon = icon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9'], 'LogOutIcon', NAV_SIZE)
