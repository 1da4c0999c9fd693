/**
 * The mail request's offline queue on its own, for the notification bell to load after the first paint
 * on every signed-in page: a request queued offline in an earlier visit is sent once back online, even
 * if the user never returns to the request pages.
 */
export { registerDocumentRequestMutations } from './api'
