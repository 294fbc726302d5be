/** Offers `text` as a file download, the way a link with `download` does. */
export function downloadText(fileName: string, text: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the blob to the browser; the URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * A standalone SVG of the drawn diagram: the whole drawing (not the zoomed view), without the
 * live highlight and the selection, which belong to this page and not to the document.
 */
export function serializeDiagram(svg: SVGSVGElement, fullViewBox: string): string {
  const copy = svg.cloneNode(true) as SVGSVGElement
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg')
  copy.setAttribute('viewBox', fullViewBox)
  const [, , width, height] = fullViewBox.split(' ')
  copy.setAttribute('width', width ?? '')
  copy.setAttribute('height', height ?? '')
  for (const element of copy.querySelectorAll('[data-active], [aria-pressed="true"]')) {
    element.removeAttribute('data-active')
    element.removeAttribute('aria-current')
    element.setAttribute('aria-pressed', 'false')
  }
  for (const element of copy.querySelectorAll('[tabindex]')) element.removeAttribute('tabindex')
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`
}
