import { readFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const SCRIPT = readFileSync('public/after-paint.js', 'utf8')

/** Runs the after-paint script as a drawn page's head holds it (server/http/first-paint.ts), in a tab as visible. */
function runOnDrawnPage(visibility: DocumentVisibilityState) {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(visibility)
  const element = document.createElement('script')
  element.dataset.entry = '/assets/index-abc.js'
  element.dataset.preloads = '/assets/runtime-1.js /assets/messages-2.js'
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(element)
  // The served file, run as the browser runs a classic script.
  new Function(SCRIPT)()
}

/** The head's elements before a case: the suites share one document, so a case removes only what it added. */
let before: Element[] = []
beforeEach(() => {
  before = [...document.head.children]
})

const added = (selector: string) =>
  [...document.head.querySelectorAll(selector)].filter((element) => !before.includes(element))

/** What the page has asked for: its module scripts and module preloads, as the browser would fetch them. */
const asked = () => ({
  entry: (added('script') as HTMLScriptElement[]).map(
    (script) =>
      `${script.type} ${script.getAttribute('src')} crossorigin=${script.getAttribute('crossorigin')}`,
  ),
  preloads: (added('link') as HTMLLinkElement[]).map(
    (link) => `${link.rel} ${link.getAttribute('href')} crossorigin=${link.getAttribute('crossorigin')}`,
  ),
})

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 5)))

afterEach(() => {
  vi.restoreAllMocks()
  for (const element of added('script, link')) element.remove()
})

describe('the scripts of a page the server drew', () => {
  it('are asked for once the page has been painted, with the modules the entry imports at once', async () => {
    runOnDrawnPage('visible')
    expect(asked()).toEqual({ entry: [], preloads: [] })
    await nextFrame()
    expect(asked()).toEqual({
      entry: ['module /assets/index-abc.js crossorigin='],
      preloads: [
        'modulepreload /assets/runtime-1.js crossorigin=',
        'modulepreload /assets/messages-2.js crossorigin=',
      ],
    })
  })

  it('are asked for at once in a hidden tab, which paints no frame', () => {
    runOnDrawnPage('hidden')
    expect(asked().entry).toEqual(['module /assets/index-abc.js crossorigin='])
  })
})
