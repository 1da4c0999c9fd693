/**
 * Month names in both languages, apart from the date formatters (lib/dates) so that what only needs the
 * names (a list's date filter, parsed as its page's address is read) does not load the formatters.
 */
/** Month names as the tables show them ('May', 'Sep'). */
export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
export const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const
/** Spanish month names, lower case as Spanish writes them, and their three-letter forms for DD-MMM-YYYY. */
export const SPANISH_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
] as const
export const SPANISH_MONTH_ABBREVIATIONS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const
/** Spanish short months in running text, as US Spanish writes them ('sept' for September). */
export const SPANISH_SHORT_MONTHS = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sept', 'oct', 'nov', 'dic'] as const
