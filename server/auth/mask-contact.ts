/**
 * Shows enough of a contact for its owner to recognise it and little to anyone else (SPEC.md section 5: the
 * masked display hides the middle digits). "anna@example.com" → "a***@example.com", "79001234567" →
 * "+790*****567".
 */
export function maskContact(contact: string): string {
  const at = contact.indexOf('@')
  if (at > 0) return `${contact.slice(0, 1)}***${contact.slice(at)}`
  if (contact.length <= 6) return '*'.repeat(contact.length)
  return `+${contact.slice(0, 3)}${'*'.repeat(contact.length - 6)}${contact.slice(-3)}`
}
