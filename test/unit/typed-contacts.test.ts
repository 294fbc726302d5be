import { afterEach, describe, expect, it, vi } from 'vitest'
import { loadTypedContacts, saveTypedContacts } from '../../src/flows/onboarding/typed-contacts'

// The first step's form shows again what the visitor typed when the code screen sends them back to it.

afterEach(() => vi.restoreAllMocks())

describe('the contacts typed on the first step', () => {
  it('comes back empty when nothing was typed in this tab', () => {
    expect(loadTypedContacts()).toEqual({ phone: '', email: '' })
  })

  it('comes back as typed after a reload of the tab', () => {
    saveTypedContacts({ phone: '+7 916 123-45-67', email: 'anna@example.test' })
    expect(loadTypedContacts()).toEqual({ phone: '+7 916 123-45-67', email: 'anna@example.test' })
  })

  it('fills a contact that was kept without a value with an empty field', () => {
    window.sessionStorage.setItem('onboarding-typed-contacts', JSON.stringify({ phone: '+7916' }))
    expect(loadTypedContacts()).toEqual({ phone: '+7916', email: '' })
  })

  it('starts empty when what was kept cannot be read', () => {
    window.sessionStorage.setItem('onboarding-typed-contacts', '{not json')
    expect(loadTypedContacts()).toEqual({ phone: '', email: '' })
  })

  it('keeps the form working when the browser refuses storage', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('refused', 'SecurityError')
    })
    expect(() => saveTypedContacts({ phone: '+7916', email: '' })).not.toThrow()
    expect(loadTypedContacts()).toEqual({ phone: '', email: '' })
  })
})
