/** The mail request form on its own (a public entry of this feature), so it loads only where it shows. */
export { DocumentRequestPage, type DocumentRequestPageProps } from './request-form-page'
