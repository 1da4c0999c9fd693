/** '1 day', '45 days'. (A module of its own: a page's early script uses it without the date helpers.) */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}
