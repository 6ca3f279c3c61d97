/**
 * A slice of a file as base64, for sending it to main in pieces. The browser encodes it itself
 * (FileReader's data URL, off the page's thread), so a large file never blocks the page.
 */
export function base64Of(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = String(reader.result)
      resolve(url.slice(url.indexOf(',') + 1))
    }
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'))
    reader.readAsDataURL(blob)
  })
}
