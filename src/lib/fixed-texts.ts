import { msg } from '@lingui/core/macro'

/**
 * Fixed texts the interface shows but does not write itself: the shared schemas' validation messages
 * (contract/, which the server also sends) and the server's error details. Each is its own English id,
 * so a text that arrives is found in the catalogs as it is (`shownText` in lib/i18n.ts). Listed here
 * only for the catalogs: nothing imports this module. A unit test checks each against its source.
 */
export const FIXED_TEXTS = [
  msg({ id: 'This field is mandatory', message: 'This field is mandatory' }),
  msg({ id: 'Enter a valid e-mail address', message: 'Enter a valid e-mail address' }),
  msg({ id: 'E-mail cannot exceed 254 characters', message: 'E-mail cannot exceed 254 characters' }),
  msg({ id: 'Password is too long', message: 'Password is too long' }),
  msg({ id: 'Incorrect e-mail or password', message: 'Incorrect e-mail or password' }),
  msg({
    id: 'This account has been deactivated. Contact support to restore access.',
    message: 'This account has been deactivated. Contact support to restore access.',
  }),
  msg({ id: 'Network error, Try reloading the page', message: 'Network error, Try reloading the page' }),
  msg({ id: 'You are offline. This needs a connection.', message: 'You are offline. This needs a connection.' }),
  msg({ id: 'Something went wrong. Please try again.', message: 'Something went wrong. Please try again.' }),
  msg({ id: 'Your session has ended. Please sign in again.', message: 'Your session has ended. Please sign in again.' }),
]
