import * as v from 'valibot'

/**
 * The one list of permission codes. The server checks them, the PWA guards pages and menus with them,
 * and the reference data writes them to the permissions table on every start; nothing else spells a
 * code out. To add one: add an entry to PERMISSIONS (in the group it belongs to, or a new group in
 * PERMISSION_GROUPS). The role screens list every code here, grouped and labelled, with no change.
 */

/** Headings of the role form, in the order they are shown. */
export const PERMISSION_GROUPS = {
  users: 'Users',
  roles: 'Roles',
  documents: 'Documents',
  clients: 'Clients',
  invoices: 'Invoices',
  support: 'Support',
} as const
export type PermissionGroup = keyof typeof PERMISSION_GROUPS

export interface PermissionInfo {
  group: PermissionGroup
  /** Short name, stored in the permissions table and shown next to the code. */
  label: string
  /** What holding the code lets a staff user do, in plain words. */
  description: string
}

export const PERMISSIONS = {
  UCV: { group: 'users', label: 'View users', description: 'See the staff list and each user’s details and history.' },
  UCC: { group: 'users', label: 'Create users', description: 'Add staff users and send them an invitation to set a password.' },
  UCE: { group: 'users', label: 'Edit users', description: 'Change a staff user’s name or role, deactivate or reactivate them, resend the invitation.' },
  RCV: { group: 'roles', label: 'View roles', description: 'See the roles and the codes each one holds.' },
  RCC: { group: 'roles', label: 'Create roles', description: 'Add roles (with codes the user holds themselves).' },
  RCE: { group: 'roles', label: 'Edit roles', description: 'Rename roles, change their codes, delete roles nobody holds.' },
  DCV: { group: 'documents', label: 'View documents', description: 'See every client’s documents and mail requests, and move requests along.' },
  DCD: { group: 'documents', label: 'Delete documents', description: 'Delete a client’s document.' },
  SHE: {
    group: 'documents',
    label: 'Manage shipping options',
    description: 'Add the carriers and speeds clients may have originals mailed by, set their prices, turn them on or off.',
  },
  PCE: { group: 'clients', label: 'Edit client profiles', description: 'Change a client’s profile and assign mailbox numbers.' },
  ICV: { group: 'invoices', label: 'Open invoice details', description: 'See every client’s invoices and open their details.' },
  ICP: {
    group: 'invoices',
    label: 'Look up several invoices at once',
    description:
      'Read several of a client’s invoices and their amount due in one request. Staff have no action on selected invoices, so the invoice list shows them no checkboxes; only clients pay.',
  },
  SPV: { group: 'support', label: 'View support', description: 'See the support inbox: every client’s support conversations, their messages and attachments.' },
  SPR: { group: 'support', label: 'Reply to support', description: 'Reply to a client’s support conversation (the client is notified) and open or close it.' },
} as const satisfies Record<string, PermissionInfo>

export type PermCode = keyof typeof PERMISSIONS

/** Every code, in the order of PERMISSIONS. */
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermCode[]

/** Each code by name (PERM.UCV === 'UCV'), for call sites that read better with a member. */
export const PERM = Object.fromEntries(PERMISSION_CODES.map((code) => [code, code])) as { readonly [C in PermCode]: C }

export function isPermCode(value: string): value is PermCode {
  return Object.hasOwn(PERMISSIONS, value)
}

/** A permission code in a request body. */
export const PermCodeSchema = v.picklist(PERMISSION_CODES, 'is not a known permission code')

/** The super admin role: passes every permission check, and cannot be edited or deleted. */
export const SUPER_ADMIN_ROLE_ID = 1

/** The codes grouped in PERMISSION_GROUPS order, for the role form and the permissions page. */
export function permissionsByGroup(): { group: PermissionGroup; heading: string; codes: PermCode[] }[] {
  return (Object.keys(PERMISSION_GROUPS) as PermissionGroup[])
    .map((group) => ({ group, heading: PERMISSION_GROUPS[group], codes: PERMISSION_CODES.filter((code) => PERMISSIONS[code].group === group) }))
    .filter((g) => g.codes.length > 0)
}
