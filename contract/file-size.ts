/**
 * File sizes in words, shared by the server and the portal so a size limit reads the same in the upload
 * form and in the server's answers.
 */

/** 26214400 -> "25 MB"; 1536 -> "1.5 KB"; 2516582 -> "2.4 MB"; 512 -> "512 bytes". */
export function formatBytes(bytes: number): string {
  const units = [
    [1024 * 1024 * 1024, 'GB'],
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ] as const
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`
    }
  }
  return `${bytes} bytes`
}

/** A file over the upload limit, in the words of the server's 413 answer to the upload. */
export function tooLargeMessage(fileName: string, maxBytes: number): string {
  return `${fileName} is larger than ${formatBytes(maxBytes)}, the largest file the portal accepts. Split the scan or scan it at a lower resolution.`
}
