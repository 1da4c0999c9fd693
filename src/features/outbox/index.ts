/** The outbox's UI: a page's own changes with their state, and the top bar's count. */
export { OutboxList, type OutboxListProps } from './outbox-list'
export { OutboxIndicator } from './outbox-indicator'
