/**
 * Reads a gettext catalog as `lingui extract` writes it (server/i18n/catalogs/<lang>.po): each entry's msgid and
 * msgstr, over as many quoted lines as they span, with the escapes PO uses. Entries without a translation, the
 * header (empty msgid) and obsolete entries (`#~`) are left out, so a missing one falls back to the source text.
 */
export function parsePoCatalog(text: string): Record<string, string> {
  const messages: Record<string, string> = {}
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null
  let entry = { msgctxt: '', msgid: '', msgstr: '' }
  const flush = () => {
    if (entry.msgid !== '' && entry.msgstr !== '' && entry.msgctxt === '')
      messages[entry.msgid] = entry.msgstr
    entry = { msgctxt: '', msgid: '', msgstr: '' }
    field = null
  }
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    const keyword = /^(msgctxt|msgid|msgstr)\s+(".*")$/.exec(line)
    if (keyword) {
      const name = keyword[1] as 'msgctxt' | 'msgid' | 'msgstr'
      if (name !== 'msgstr' && field === 'msgstr') flush()
      field = name
      entry[name] = unquote(keyword[2]!)
    } else if (line.startsWith('"') && field) {
      entry[field] += unquote(line)
    } else if (line === '' || line.startsWith('#')) {
      if (field === 'msgstr') flush()
    }
  }
  flush()
  return messages
}

const escapes: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' }

function unquote(quoted: string): string {
  return quoted.slice(1, -1).replace(/\\(.)/g, (_, character: string) => escapes[character] ?? character)
}
