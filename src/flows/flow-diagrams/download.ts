/**
 * A standalone SVG of the drawn diagram: the whole drawing (not the zoomed view), without the
 * live highlight and the selection, which belong to this page and not to the document, nor the screens'
 * thumbnails.
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
  // The thumbnails are the app's own files, which a standalone file (and the PNG painted from it) cannot
  // reach; their room stays, and hiding them on the page before downloading gives the compact drawing.
  for (const element of copy.querySelectorAll('.state-thumbnail')) element.remove()
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(copy)}\n`
}
