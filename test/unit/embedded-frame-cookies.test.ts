import { describe, expect, it } from 'vitest'
import { frameCookieAttributes } from '../../server/embedding/frame-cookies'

const framedCall = { 'x-embedded-frame': '1' }
const partitioned = { sameSite: 'none', secure: true, partitioned: true }

describe('cookies for calls from the admin application frame', () => {
  it('are SameSite=None; Secure; Partitioned over https and on loopback http', () => {
    for (const origin of ['https://salon.example.com', 'http://localhost:8080', 'http://127.0.0.1:5173']) {
      expect(
        frameCookieAttributes(
          { EMBED_PARENT_ORIGINS: ['https://a.example'], PUBLIC_ORIGIN: origin },
          framedCall,
        ),
      ).toEqual(partitioned)
    }
  })

  it('stay as they are outside a frame, without embedding, and over plain http on a real host', () => {
    const config = { EMBED_PARENT_ORIGINS: ['https://a.example'], PUBLIC_ORIGIN: 'https://salon.example.com' }
    expect(frameCookieAttributes(config, {})).toBeNull()
    expect(frameCookieAttributes(config, { 'x-embedded-frame': 'yes' })).toBeNull()
    expect(frameCookieAttributes({ ...config, EMBED_PARENT_ORIGINS: [] }, framedCall)).toBeNull()
    expect(
      frameCookieAttributes({ ...config, PUBLIC_ORIGIN: 'http://salon.example.com' }, framedCall),
    ).toBeNull()
  })
})
