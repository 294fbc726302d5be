import type { MissingKeyEntry } from '../../../contract/i18n/missing-keys-schemas'

const columns = ['language', 'key', 'count', 'first_seen', 'last_seen'] as const

/** One CSV field (RFC 4180): quoted, with its quotes doubled, so commas and line breaks in a key survive. */
const csvField = (value: string | number) => `"${String(value).replace(/"/g, '""')}"`

/** The list as CSV: a header row, then one row per language and key, lines ended with CRLF. */
export function missingKeysCsv(entries: readonly MissingKeyEntry[]): string {
  const rows = [
    columns.join(','),
    ...entries.map((entry) => columns.map((c) => csvField(entry[c])).join(',')),
  ]
  return `${rows.join('\r\n')}\r\n`
}

/** The list as JSON, as the server sends it (GET /translations/missing). */
export function missingKeysJson(entries: readonly MissingKeyEntry[]): string {
  return `${JSON.stringify(entries, null, 2)}\n`
}
