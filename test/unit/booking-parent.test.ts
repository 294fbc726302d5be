import { describe, expect, it, vi } from 'vitest'
import { readTypedOrigins } from '../../src/business/online-booking-site/site-origins-rules'
import { postToBookingParent } from '../../src/flows/online-booking/booking-parent'

const ready = { source: 'salon-booking', version: 1, type: 'ready', payload: { company_id: 7 } } as const

/** A frame whose parent is on `ancestor` (null: not in a frame). */
function frame(ancestor: string | null, referrer = '') {
  const parent = { postMessage: vi.fn() }
  const self = {}
  return {
    parent: ancestor === null ? self : parent,
    self,
    location: { ancestorOrigins: ancestor === null ? [] : [ancestor] },
    document: { referrer },
    posted: parent.postMessage,
  }
}

describe('what the booking page tells the site that frames it', () => {
  it('posts to the parent’s exact origin when the salon lists it, never to *', () => {
    const win = frame('https://salon.example')
    expect(postToBookingParent(win as never, ['https://salon.example'], ready)).toBe(true)
    expect(win.posted).toHaveBeenCalledWith(ready, 'https://salon.example')
  })

  it('posts nothing to a parent the salon does not list, not even one that differs by port or scheme', () => {
    for (const parent of ['https://evil.example', 'https://salon.example:8443', 'http://salon.example']) {
      const win = frame(parent)
      expect(postToBookingParent(win as never, ['https://salon.example'], ready)).toBe(false)
      expect(win.posted).not.toHaveBeenCalled()
    }
  })

  it('posts nothing outside a frame', () => {
    const win = frame(null)
    expect(postToBookingParent(win as never, ['https://salon.example'], ready)).toBe(false)
  })
})

describe('the sites the owner types', () => {
  it('reads each line as the origin it means, without repeats', () => {
    expect(
      readTypedOrigins(' HTTPS://Salon.Example/ \n\nhttp://127.0.0.1:8080\nhttps://salon.example'),
    ).toEqual({ kind: 'origins', origins: ['https://salon.example', 'http://127.0.0.1:8080'] })
  })

  it('names the lines that are not exact origins instead of guessing', () => {
    expect(
      readTypedOrigins(
        'https://ok.example\nhttps://*.salon.example\nsalon.example\nhttps://salon.example/book',
      ),
    ).toEqual({
      kind: 'not-origins',
      lines: ['https://*.salon.example', 'salon.example', 'https://salon.example/book'],
    })
  })

  it('refuses more than ten sites', () => {
    const many = Array.from({ length: 11 }, (_, index) => `https://site${index}.example`).join('\n')
    expect(readTypedOrigins(many)).toEqual({ kind: 'too-many' })
  })
})
