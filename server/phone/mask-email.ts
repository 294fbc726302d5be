/**
 * An e-mail with the middle of its local part hidden (`an***@example.com`): enough for its owner to
 * recognise it, not enough for anyone else to learn it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  if (at < 1) return '***'
  const local = email.slice(0, at)
  const shown = local.length > 3 ? 2 : 1
  return `${local.slice(0, shown)}***${email.slice(at)}`
}
