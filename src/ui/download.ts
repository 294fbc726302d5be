/** Offers a blob as a file download, the way a link with `download` does. */
export function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the browser; the URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** Offers `text` as a file download of the given type. */
export const downloadText = (fileName: string, text: string, type: string) =>
  downloadBlob(fileName, new Blob([text], { type }))
