/**
 * Files fetched with the session's bearer token (a plain link cannot carry it): the name the server
 * gave them and saving them on the device.
 */

/** The file name of a Content-Disposition header: inline; filename="x.pdf" or filename*=UTF-8''x.pdf. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim())
    } catch {
      // fall back to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(header)
  return plain ? plain[1].trim() : null
}

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  try {
    const link = window.document.createElement('a')
    link.href = url
    link.download = fileName
    link.rel = 'noopener'
    link.style.display = 'none'
    window.document.body.appendChild(link)
    link.click()
    link.remove()
  } finally {
    // Revoked once the click has been handled, so the download has its data.
    setTimeout(() => URL.revokeObjectURL(url), 30_000)
  }
}
