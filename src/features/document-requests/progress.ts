/** The document-progress page on its own (a public entry of this feature), without the lists' table. */
export { DocumentProgressPage, type DocumentProgressPageProps } from './progress-page'
