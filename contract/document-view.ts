/**
 * Where the portal shows a document file it saved on the device: a same-origin address ending in the
 * file's own name, answered by the service worker from the user's file cache. The browser's PDF viewer
 * titles and saves a file by its address (a blob: address is a random id), so this one carries the name.
 */
export const DOCUMENT_VIEW_PREFIX = '/document-files/'

export function documentViewPath(userId: number, documentId: number, fileName: string): string {
  return `${DOCUMENT_VIEW_PREFIX}${userId}/${documentId}/${encodeURIComponent(fileName)}`
}

/** The user and document of a viewer address, or null when it is not one. */
export function parseDocumentViewPath(pathname: string): { userId: number; documentId: number } | null {
  const match = /^\/document-files\/(\d{1,12})\/(\d{1,12})\/[^/]+$/.exec(pathname)
  return match ? { userId: Number(match[1]), documentId: Number(match[2]) } : null
}
