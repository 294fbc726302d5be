import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { unmarkedServerMessages } from '../../scripts/i18n/unmarked-server-messages'

/*
 * Every text the server can send to people is marked `/*i18n*\/`, so that `npm run i18n:extract` puts it in the
 * server's catalogs and a reply speaks the language of the request (server/i18n). A new message without the mark
 * would be sent in English to a Russian screen: this fails first, naming the file and line.
 */

describe('the server messages', () => {
  it('are all marked for translation, none built from pieces', () => {
    const found = unmarkedServerMessages().map(
      (message) => `${message.file}:${message.line} ${message.why}: ${message.text}`,
    )
    expect(found).toEqual([])
  })
})

describe('the check of unmarked server messages', () => {
  const project = (files: Record<string, string>) => {
    const root = mkdtempSync(join(tmpdir(), 'unmarked-'))
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true })
      writeFileSync(join(root, path), text)
    }
    return root
  }
  const texts = (root: string) =>
    unmarkedServerMessages(root).map((message) => `${message.why}: ${message.text}`)

  it('finds a message in each place a reply takes one, and passes the same texts marked', () => {
    const source = (mark: string) => `
import * as v from 'valibot'
import { HttpError } from '../http/http-error'
import { LIMIT_MESSAGE } from './messages'

const NOT_FOUND = ${mark}'Widget not found'
const invalid = (field: string, message: string) =>
  new HttpError(422, ${mark}'Validation failed', { fieldErrors: { [field]: [message] } })

export const schema = v.object({ title: v.pipe(v.string(${mark}'must be text'), v.maxLength(9, ${mark}'is too long')) })

export function check(kind: number) {
  if (kind === 1) throw new HttpError(404, NOT_FOUND)
  if (kind === 2) throw new HttpError(409, ${mark}'The widget still holds parts')
  if (kind === 3) throw invalid('title', ${mark}'is already taken')
  if (kind === 4) throw new HttpError(429, LIMIT_MESSAGE)
  throw new HttpError(422, ${mark}'Validation failed', { fieldErrors: { _: [kind > 5 ? ${mark}'is odd' : ${mark}'is even'] } })
}
`
    const messages = (mark: string) => `export const LIMIT_MESSAGE = ${mark}'Too many widgets'\n`
    const unmarked = project({
      'server/widgets/store.ts': source(''),
      'server/widgets/messages.ts': messages(''),
    })
    expect(texts(unmarked).sort()).toEqual(
      [
        "'Widget not found'",
        "'Validation failed'",
        "'Validation failed'",
        "'must be text'",
        "'is too long'",
        "'The widget still holds parts'",
        "'is already taken'",
        "'Too many widgets'",
        "'is odd'",
        "'is even'",
      ]
        .map((text) => `unmarked: ${text}`)
        .sort(),
    )
    const marked = project({
      'server/widgets/store.ts': source('/*i18n*/ '),
      'server/widgets/messages.ts': messages('/*i18n*/ '),
    })
    expect(texts(marked)).toEqual([])
  })

  it('refuses a sentence built from pieces, and reads a fieldText by its marked text', () => {
    const root = project({
      'server/widgets/store.ts': `
import { fieldText } from '../../contract/field-text'
const heldBy = (what: string, count: number) => \`\${what} has \${count} parts\`
export const refuse = (count: number) => new HttpError(409, heldBy('The widget', count))
export const tooLong = (max: number) =>
  new HttpError(422, /*i18n*/ 'Validation failed', {
    fieldErrors: { title: [fieldText(/*i18n*/ 'must be at most {max} characters', { max })] },
  })
export const plus = (name: string) => new HttpError(404, /*i18n*/ 'No widget ' + name)
`,
    })
    expect(texts(root)).toEqual([
      'built from pieces: `${what} has ${count} parts`',
      "built from pieces: 'No widget ' + name",
    ])
  })
})
