import { describe, expect, it } from 'vitest'
import { deviceOf } from '../../src/business/account/device-name'

describe('the device of a session, from its user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      { browser: 'Chrome', system: 'Windows', mobile: false },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      { browser: 'Edge', system: 'Windows', mobile: false },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      { browser: 'Safari', system: 'macOS', mobile: false },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      { browser: 'Safari', system: 'iPhone', mobile: true },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 YaBrowser/24.10 Mobile Safari/537.36',
      { browser: 'Yandex Browser', system: 'Android', mobile: true },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      { browser: 'Firefox', system: 'Linux', mobile: false },
    ],
  ])('%s', (agent, device) => {
    expect(deviceOf(agent)).toEqual(device)
  })

  it('gives nulls for an unknown or missing agent', () => {
    expect(deviceOf(null)).toEqual({ browser: null, system: null, mobile: false })
    expect(deviceOf('curl/8.5.0')).toEqual({ browser: null, system: null, mobile: false })
  })
})
