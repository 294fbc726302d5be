import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const mermaidBundle = createRequire(import.meta.url).resolve('mermaid/dist/mermaid.min.js')

/** What Mermaid made of one state diagram: the error it threw, or the box each state is drawn in. */
export type MermaidDrawing =
  | { error: string }
  | {
      /** Every state id drawn, as a node or as a box, with the id of the smallest box around it (`null`: none). */
      drawnParents: Record<string, string | null>
      /** Ids drawn more than once (as a node and a box, or twice): Mermaid should draw each state once. */
      drawnTwice: string[]
    }

/** Loads Mermaid's browser bundle from node_modules into the page; nothing comes from the network. */
export async function loadMermaid(page: Page): Promise<void> {
  await page.addScriptTag({ path: mermaidBundle })
  await page.evaluate(() => {
    const { mermaid } = window as unknown as { mermaid: { initialize: (config: object) => void } }
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' })
  })
}

/**
 * Renders a `stateDiagram-v2` with the Mermaid that {@link loadMermaid} put in the page and reads, from the
 * drawing's geometry, which box (a compound state's cluster) each state sits in, as a person looking at it
 * would. Boxes without a state id (the dashed sections of a parallel state) are looked through.
 */
export async function drawStateDiagram(page: Page, diagram: string): Promise<MermaidDrawing> {
  return page.evaluate(async (text) => {
    const { mermaid } = window as unknown as {
      mermaid: { render: (id: string, text: string) => Promise<{ svg: string }> }
    }
    const svgId = `diagram${document.querySelectorAll('[data-diagram]').length}`
    let svg: string
    try {
      svg = (await mermaid.render(svgId, text)).svg
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) }
    }
    const host = document.createElement('div')
    host.dataset.diagram = svgId
    host.innerHTML = svg
    document.body.append(host)

    type Box = { id: string; rect: DOMRect }
    const boxes: Box[] = [...host.querySelectorAll<SVGGElement>('g.statediagram-cluster[data-id]')].map(
      (group) => ({
        id: group.dataset.id!,
        rect: (group.querySelector('rect.outer') ?? group).getBoundingClientRect(),
      }),
    )
    const nodePrefix = `${svgId}-state-`
    const nodes: Box[] = [...host.querySelectorAll<SVGGElement>('g.node')].flatMap((group) => {
      const match = new RegExp(`^${nodePrefix}(.+)-\\d+$`).exec(group.id)
      return match?.[1] ? [{ id: match[1], rect: group.getBoundingClientRect() }] : []
    })
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5
    const area = (rect: DOMRect) => rect.width * rect.height

    const drawnParents: Record<string, string | null> = {}
    const drawnTwice: string[] = []
    for (const item of [...boxes, ...nodes]) {
      const around = boxes
        .filter((box) => box !== item && box.id !== item.id && inside(item.rect, box.rect))
        .sort((a, b) => area(a.rect) - area(b.rect))
      if (item.id in drawnParents) drawnTwice.push(item.id)
      drawnParents[item.id] = around[0]?.id ?? null
    }
    return { drawnParents, drawnTwice }
  }, diagram)
}
