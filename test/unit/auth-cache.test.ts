import { describe, expect, it } from 'vitest'
import type { Membership } from '../../server/access/company-access'
import { AuthCache, type TokenUser } from '../../server/auth/auth-cache'

const tokenUser = (userId: number, switchedFromSessionId: string | null = null) =>
  ({ user: { id: userId }, switchedFromSessionId }) as unknown as TokenUser
const membership = (companyId: number) => ({ companyId }) as unknown as Membership

function listeningCache(ttlMs = 5000) {
  let now = 1_000_000
  const cache = new AuthCache(ttlMs, () => now)
  cache.setListening(true)
  return { cache, advance: (ms: number) => (now += ms) }
}

describe('the authentication cache', () => {
  it('keeps a session answer for less than its TTL', () => {
    const { cache, advance } = listeningCache()
    cache.storeSession('s1', tokenUser(1), cache.mark())
    advance(4999)
    expect(cache.session('s1')?.user.id).toBe(1)
    advance(1)
    expect(cache.session('s1')).toBeUndefined()
  })

  it('does not store an answer read while an invalidation arrived (a read racing a revocation)', () => {
    const { cache } = listeningCache()
    const mark = cache.mark()
    cache.invalidate('s:s1')
    cache.storeSession('s1', tokenUser(1), mark)
    expect(cache.session('s1')).toBeUndefined()
  })

  it('drops a revoked session and the sessions opened from it by support', () => {
    const { cache } = listeningCache()
    cache.storeSession('support', tokenUser(9), cache.mark())
    cache.storeSession('as-user', tokenUser(1, 'support'), cache.mark())
    cache.storeSession('other', tokenUser(2), cache.mark())
    cache.invalidate('s:support')
    expect(cache.session('support')).toBeUndefined()
    expect(cache.session('as-user')).toBeUndefined()
    expect(cache.session('other')).toBeDefined()
  })

  it("drops a user's sessions and memberships on u:, a company's memberships on c:", () => {
    const { cache } = listeningCache()
    cache.storeSession('a', tokenUser(1), cache.mark())
    cache.storeMembership(1, membership(5), cache.mark())
    cache.storeMembership(2, membership(5), cache.mark())
    cache.storeMembership(2, membership(6), cache.mark())
    cache.invalidate('u:1')
    expect(cache.session('a')).toBeUndefined()
    expect(cache.membership(1, 5)).toBeUndefined()
    expect(cache.membership(2, 5)).toBeDefined()
    cache.invalidate('c:5')
    expect(cache.membership(2, 5)).toBeUndefined()
    expect(cache.membership(2, 6)).toBeDefined()
  })

  it('keeps nothing while not listening, and starts empty when listening again', () => {
    const { cache } = listeningCache()
    cache.storeSession('a', tokenUser(1), cache.mark())
    cache.setListening(false)
    cache.storeSession('b', tokenUser(2), cache.mark())
    cache.setListening(true)
    expect(cache.session('a')).toBeUndefined()
    expect(cache.session('b')).toBeUndefined()
  })

  it('keeps nothing with a TTL of 0', () => {
    const { cache } = listeningCache(0)
    cache.storeSession('a', tokenUser(1), cache.mark())
    expect(cache.session('a')).toBeUndefined()
  })
})
