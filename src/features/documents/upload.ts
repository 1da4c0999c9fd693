/** The mailroom's upload page on its own (a public entry of this feature), so the lists do not carry it. */
export { UploadDocumentsPage, type UploadDocumentsPageProps } from './upload-page'
