import { afterEach, describe, expect, it } from 'vitest'
import { detectEmbedding, parentOriginCandidate } from '../../src/embedded/detect-embedding'
import { incomingMessageSchema, outgoingMessage, outgoingMessageSchemas } from '../../src/embedded/messages'
import { createParentBridge } from '../../src/embedded/parent-bridge'
import * as v from 'valibot'

const parentOrigin = 'https://admin.example.com'
const ping = { source: 'salon-embedded', version: 1, type: 'ping' }

/** A frame whose parent is a real window (an iframe's), so MessageEvent accepts it as a source. */
function frameWithParent() {
  const holder = document.createElement('iframe')
  document.body.append(holder)
  const parent = holder.contentWindow!
  const posted: { message: unknown; targetOrigin: string }[] = []
  parent.postMessage = ((message: unknown, targetOrigin: string) =>
    posted.push({ message, targetOrigin })) as Window['postMessage']
  const other = document.createElement('iframe')
  document.body.append(other)
  const frame = {
    parent,
    addEventListener: window.addEventListener.bind(window) as typeof window.addEventListener,
    removeEventListener: window.removeEventListener.bind(window) as typeof window.removeEventListener,
  }
  return { frame, parent, other: other.contentWindow!, posted }
}

const deliver = (data: unknown, origin: string, source: Window) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source }))

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the parent bridge', () => {
  it('posts only to the exact parent origin', () => {
    const { frame, posted } = frameWithParent()
    createParentBridge(frame, parentOrigin).post(outgoingMessage('login', {}))
    expect(posted).toEqual([
      {
        message: { source: 'salon-embedded', version: 1, type: 'login', payload: {} },
        targetOrigin: parentOrigin,
      },
    ])
  })

  it('accepts a ping only from the parent window, from its origin, in the exact shape', () => {
    const { frame, parent, other } = frameWithParent()
    const accepted: unknown[] = []
    const stop = createParentBridge(frame, parentOrigin).listen((message) => accepted.push(message))

    deliver(ping, 'https://evil.example.com', parent) // the parent window navigated to another origin
    deliver(ping, parentOrigin, other) // another window of the parent's origin
    deliver(ping, parentOrigin, window) // the frame itself
    deliver({ ...ping, extra: true }, parentOrigin, parent)
    deliver({ ...ping, version: 2 }, parentOrigin, parent)
    deliver({ ...ping, type: 'logout' }, parentOrigin, parent)
    deliver('ping', parentOrigin, parent)
    deliver(null, parentOrigin, parent)
    expect(accepted).toEqual([])

    deliver(ping, parentOrigin, parent)
    expect(accepted).toEqual([ping])

    stop()
    deliver(ping, parentOrigin, parent)
    expect(accepted).toHaveLength(1)
  })

  it('describes every outgoing message with a schema its payload passes', () => {
    expect(Object.keys(outgoingMessageSchemas).sort()).toEqual([
      'login',
      'ready',
      'redirect',
      'registrationComplete',
      'resetPasswordComplete',
      'webPageVisit',
    ])
    expect(v.is(outgoingMessageSchemas.redirect, { location: '/cabinet/info' })).toBe(true)
    expect(v.is(incomingMessageSchema, ping)).toBe(true)
  })
})

describe('embedding detection', () => {
  const framed = (overrides: { ancestorOrigins?: string[]; referrer?: string }) => ({
    parent: {},
    self: {},
    location: { ancestorOrigins: overrides.ancestorOrigins },
    document: { referrer: overrides.referrer ?? '' },
  })
  const allowList = async () => [parentOrigin]

  it('is standalone outside a frame, without asking the server', async () => {
    const self = {}
    let asked = false
    const standalone = { parent: self, self, location: {}, document: { referrer: `${parentOrigin}/x` } }
    expect(
      await detectEmbedding(standalone, async () => {
        asked = true
        return [parentOrigin]
      }),
    ).toBeNull()
    expect(asked).toBe(false)
  })

  it('reads the parent origin from ancestorOrigins first, then from the referrer', () => {
    expect(
      parentOriginCandidate(framed({ ancestorOrigins: [parentOrigin], referrer: 'https://x.example/' })),
    ).toBe(parentOrigin)
    expect(parentOriginCandidate(framed({ referrer: `${parentOrigin}/cabinet/info?a=1` }))).toBe(parentOrigin)
    expect(parentOriginCandidate(framed({ referrer: '' }))).toBeNull()
  })

  it('is embedded only for an exact match on the allow-list', async () => {
    expect(await detectEmbedding(framed({ ancestorOrigins: [parentOrigin] }), allowList)).toEqual({
      origin: parentOrigin,
    })
    for (const origin of [
      'http://admin.example.com',
      'https://admin.example.com:8443',
      'https://evil.example.com',
      'null',
    ]) {
      expect(await detectEmbedding(framed({ ancestorOrigins: [origin] }), allowList), origin).toBeNull()
    }
  })
})
