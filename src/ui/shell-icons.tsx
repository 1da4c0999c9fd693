import { icon } from './icons'

/**
 * The sidebar, top-bar and user-menu icons: 20 px by default and always decorative, the label carries
 * the meaning. Kept apart from icons.tsx so the sign-in and sign-up pages do not load them.
 */
const NAV_SIZE = 20

export const DashboardIcon = /* @__PURE__ */ icon(['M3 3h7v9H3z', 'M14 3h7v5h-7z', 'M14 12h7v9h-7z', 'M3 16h7v5H3z'], 'DashboardIcon', NAV_SIZE)
export const DocumentsIcon = /* @__PURE__ */ icon(
  ['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z', 'M14 2v6h6', 'M16 13H8', 'M16 17H8', 'M10 9H8'],
  'DocumentsIcon',
  NAV_SIZE,
)
export const InvoicesIcon = /* @__PURE__ */ icon(
  ['M4 2v20l3-2 3 2 3-2 3 2 3-2 1 .7V2l-1 .7-3-2-3 2-3-2-3 2-3-2z', 'M8 7h8', 'M8 11h8', 'M8 15h5'],
  'InvoicesIcon',
  NAV_SIZE,
)
export const AddOnsIcon = /* @__PURE__ */ icon(['M12 2 2 7l10 5 10-5-10-5z', 'm2 17 10 5 10-5', 'm2 12 10 5 10-5'], 'AddOnsIcon', NAV_SIZE)
export const RequestsIcon = /* @__PURE__ */ icon(['M21 8V21H3V8', 'M1 3h22v5H1z', 'M10 12h4'], 'RequestsIcon', NAV_SIZE)
export const SupportIcon = /* @__PURE__ */ icon(
  ['M3 18v-6a9 9 0 0 1 18 0v6', 'M21 19a2 2 0 0 1-2 2h-1a2 2 0 0 1-2-2v-3a2 2 0 0 1 2-2h3z', 'M3 19a2 2 0 0 0 2 2h1a2 2 0 0 0 2-2v-3a2 2 0 0 0-2-2H3z'],
  'SupportIcon',
  NAV_SIZE,
)
export const FaqsIcon = /* @__PURE__ */ icon(
  ['M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20z', 'M9.09 9a3 3 0 0 1 5.83 1c0 2-3 3-3 3', 'M12 17h.01'],
  'FaqsIcon',
  NAV_SIZE,
)
export const ClientsIcon = /* @__PURE__ */ icon(['M3 21V7l9-4 9 4v14', 'M9 21v-6h6v6', 'M8 10h.01', 'M12 10h.01', 'M16 10h.01'], 'ClientsIcon', NAV_SIZE)
export const UsersIcon = /* @__PURE__ */ icon(
  ['M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2', 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M22 21v-2a4 4 0 0 0-3-3.87', 'M16 3.13a4 4 0 0 1 0 7.75'],
  'UsersIcon',
  NAV_SIZE,
)
export const RolesIcon = /* @__PURE__ */ icon(['M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z', 'm9 12 2 2 4-4'], 'RolesIcon', NAV_SIZE)
export const ShippingIcon = /* @__PURE__ */ icon(
  ['M1 3h15v13H1z', 'M16 8h4l3 3v5h-7z', 'M5.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z', 'M18.5 21a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z'],
  'ShippingIcon',
  NAV_SIZE,
)
export const ExternalIcon = /* @__PURE__ */ icon(
  ['M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6', 'M15 3h6v6', 'M10 14 21 3'],
  'ExternalIcon',
  NAV_SIZE,
)
export const MenuIcon = /* @__PURE__ */ icon(['M4 6h16', 'M4 12h16', 'M4 18h16'], 'MenuIcon', NAV_SIZE)
export const SidebarIcon = /* @__PURE__ */ icon(['M3 5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z', 'M9 3v18'], 'SidebarIcon', NAV_SIZE)
export const BellIcon = /* @__PURE__ */ icon(['M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0'], 'BellIcon', NAV_SIZE)
export const UserIcon = /* @__PURE__ */ icon(['M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2', 'M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'], 'UserIcon', NAV_SIZE)
export const SettingsIcon = /* @__PURE__ */ icon(
  [
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
    'M19.4 15a1.65 1.65 0 0 0 .33 1.82l.06.06a2 2 0 1 1-2.83 2.83l-.06-.06a1.65 1.65 0 0 0-2.82 1.17V21a2 2 0 1 1-4 0v-.09a1.65 1.65 0 0 0-2.82-1.17l-.06.06a2 2 0 1 1-2.83-2.83l.06-.06A1.65 1.65 0 0 0 3 13.09H3a2 2 0 1 1 0-4h.09A1.65 1.65 0 0 0 4.6 8a1.65 1.65 0 0 0-.33-1.82l-.06-.06a2 2 0 1 1 2.83-2.83l.06.06A1.65 1.65 0 0 0 9.91 3.1V3a2 2 0 1 1 4 0v.09a1.65 1.65 0 0 0 2.82 1.17l.06-.06a2 2 0 1 1 2.83 2.83l-.06.06A1.65 1.65 0 0 0 20.9 9.91H21a2 2 0 1 1 0 4h-.09a1.65 1.65 0 0 0-1.51 1z',
  ],
  'SettingsIcon',
  NAV_SIZE,
)
export const LogOutIcon = /* @__PURE__ */ icon(['M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4', 'm16 17 5-5-5-5', 'M21 12H9'], 'LogOutIcon', NAV_SIZE)
