import { describe, expect, it } from 'vitest'
import { fromPromise, setup } from 'xstate'
import { renderFlowDoc } from '../../src/flow-graph/flow-doc'
import type { FlowScreensEntry } from '../../src/flow-graph/flow-screens'

// A small flow with each kind of trigger the review page puts in words.
const checkoutMachine = setup({
  actors: { pay: fromPromise(async () => 'paid') },
  guards: { hasCard: () => true },
}).createMachine({
  id: 'checkout',
  initial: 'cart',
  on: { 'checkout.reset': { target: '.cart', description: 'Starts over' } },
  states: {
    cart: {
      description: 'The cart | with its items',
      meta: { route: '/cart' },
      on: {
        'order.submitted': [
          { guard: 'hasCard', target: 'paying', description: 'The buyer pays with a saved card' },
          { actions: [], description: 'Nothing happens without a card' },
        ],
      },
    },
    paying: {
      description: 'The payment is running',
      invoke: {
        src: 'pay',
        onDone: { target: 'paid', description: 'the order is paid' },
        onError: { target: 'cart', description: 'the cart shows why' },
      },
      after: { 60000: { target: 'cart', description: 'The payment took too long' } },
    },
    paid: { description: 'The order is paid', always: { target: 'done', description: 'The flow ends' } },
    done: { type: 'final', description: 'Finished' },
  },
})

const screens: FlowScreensEntry = {
  graphHash: '0123456789abcdef',
  capturedOn: '2026-11-26',
  languages: ['en'],
  widths: [1280, 390],
  states: ['cart'],
}

const page = renderFlowDoc({
  machine: checkoutMachine,
  sourcePath: 'machines/checkout.ts',
  description: '',
  screens,
})
const section = (title: string) => {
  const start = page.indexOf(`## ${title}`)
  const end = page.indexOf('\n## ', start + 1)
  return page.slice(start, end === -1 ? undefined : end).split('\n')
}

describe('the review page of a flow in docs/flows', () => {
  it('keeps the Mermaid diagram', () => {
    expect(page).toContain('```mermaid\nstateDiagram-v2\n')
    expect(page).toContain('cart --> paying : order.submitted [hasCard]')
  })

  it('lists every state with its description, route and the screenshot taken of it', () => {
    const rows = section('States').filter((line) => line.startsWith('| `'))
    expect(rows).toHaveLength(4)
    expect(rows[0]).toBe(
      '| `cart` | The cart \\| with its items | `/cart` | <a href="screens/checkout/cart.en.1280.jpg">' +
        '<img src="screens/checkout/cart.en.1280.jpg" width="160" alt="cart at 1280 px"></a>' +
        ' [390 px](screens/checkout/cart.en.390.jpg) |',
    )
    expect(rows[1]).toBe('| `paying` | The payment is running |  |  |')
    expect(section('States')).toContain(
      'Screens as the Chromium journeys saw them on 2026-11-26 (`npm run docs:flow-screens`).',
    )
  })

  it('links the Russian screenshots beside the English ones', () => {
    const bilingual = renderFlowDoc({
      machine: checkoutMachine,
      sourcePath: 'machines/checkout.ts',
      description: '',
      screens: { ...screens, languages: ['en', 'ru'] },
    })
    expect(bilingual).toContain(
      ' [390 px](screens/checkout/cart.en.390.jpg) [ru 1280 px](screens/checkout/cart.ru.1280.jpg)' +
        ' [ru 390 px](screens/checkout/cart.ru.390.jpg) |',
    )
  })

  it('says so when no screenshots were taken', () => {
    const bare = renderFlowDoc({
      machine: checkoutMachine,
      sourcePath: 'machines/checkout.ts',
      description: '',
    })
    expect(bare).toContain('No screenshots: no Chromium journey has photographed this flow')
    expect(bare).toContain('| `cart` | The cart \\| with its items | `/cart` |  |')
  })

  it('lists every transition: from, the event in words, to, and what happens', () => {
    expect(
      section('Transitions').filter((line) => line.startsWith('| ') && !line.startsWith('| From')),
    ).toEqual([
      '| (any state) | checkout reset | `cart` | Starts over |',
      '| `cart` | order submitted, when hasCard | `paying` | The buyer pays with a saved card |',
      '| `cart` | order submitted | (stays) | Nothing happens without a card |',
      '| `paying` | when pay succeeds | `paid` | the order is paid |',
      '| `paying` | if pay fails | `cart` | the cart shows why |',
      '| `paying` | after 60 seconds | `cart` | The payment took too long |',
      '| `paid` | immediately | `done` | The flow ends |',
    ])
  })
})
