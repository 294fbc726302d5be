/**
 * The phone and e-mail the visitor typed on the first step, kept for the tab: when the code screen is opened
 * again (a reload, Back), SPEC.md section 2 sends the visitor to first, and the form shows what they typed.
 */
const storageKey = 'onboarding-typed-contacts'

export interface TypedContacts {
  phone: string
  email: string
}

export function loadTypedContacts(): TypedContacts {
  try {
    const stored = JSON.parse(
      window.sessionStorage.getItem(storageKey) ?? 'null',
    ) as Partial<TypedContacts> | null
    return { phone: String(stored?.phone ?? ''), email: String(stored?.email ?? '') }
  } catch {
    return { phone: '', email: '' }
  }
}

export function saveTypedContacts(contacts: TypedContacts) {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(contacts))
  } catch {
    // Private modes may refuse storage: the form then starts empty, as it would anyway.
  }
}
