import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { plural } from '@lingui/core/macro'
import { afterEach, describe, expect, it } from 'vitest'
import { activateLanguage, i18n } from '../../src/i18n/activate'

/** The msgid/msgstr pairs of a .po file, multi-line strings joined; the header entry is left out. */
function catalogEntries(path: string): { msgid: string; msgstr: string }[] {
  const text = readFileSync(resolve(process.cwd(), path), 'utf8')
  const entries: { msgid: string; msgstr: string }[] = []
  let current: { msgid: string; msgstr: string } | null = null
  let field: 'msgid' | 'msgstr' | null = null
  const unquote = (quoted: string) => JSON.parse(quoted) as string
  for (const line of text.split('\n')) {
    const start = /^(msgid|msgstr) (".*")$/.exec(line)
    if (start) {
      field = start[1] as 'msgid' | 'msgstr'
      if (field === 'msgid') {
        current = { msgid: '', msgstr: '' }
        entries.push(current)
      }
      current![field] = unquote(start[2]!)
    } else if (/^".*"$/.test(line) && current && field) {
      current[field] += unquote(line)
    } else {
      field = null
    }
  }
  return entries.filter((entry) => entry.msgid !== '')
}

afterEach(() => activateLanguage('en'))

describe('catalogs', () => {
  // The public screens' words and the signed-in screens' (src/i18n/activate.ts).
  const ru = [...catalogEntries('locales/ru/messages.po'), ...catalogEntries('locales/ru/workspace.po')]
  const en = [...catalogEntries('locales/en/messages.po'), ...catalogEntries('locales/en/workspace.po')]

  it('translates every Russian message', () => {
    expect(ru.length).toBeGreaterThan(0)
    expect(ru.filter((entry) => entry.msgstr.trim() === '').map((entry) => entry.msgid)).toEqual([])
  })

  it('has the same messages in both languages', () => {
    expect(ru.map((entry) => entry.msgid).sort()).toEqual(en.map((entry) => entry.msgid).sort())
  })

  // The same message as the <Plural> of src/business/shell/company-switcher.tsx, so it shares its catalog id.
  const companiesHeading = (count: number) =>
    plural(count, {
      one: 'You work in # company',
      few: 'You work in # companies',
      many: 'You work in # companies',
      other: 'You work in # companies',
    })

  it.each([
    [1, 'Вы работаете в 1 компании'],
    [2, 'Вы работаете в 2 компаниях'],
    [5, 'Вы работаете в 5 компаниях'],
    [21, 'Вы работаете в 21 компании'],
    [22, 'Вы работаете в 22 компаниях'],
  ])('renders the Russian plural for %i companies', (count, expected) => {
    activateLanguage('ru')
    expect(companiesHeading(count)).toBe(expected)
  })

  it('renders the English plural', () => {
    activateLanguage('en')
    expect(companiesHeading(1)).toBe('You work in 1 company')
    expect(companiesHeading(2)).toBe('You work in 2 companies')
    expect(i18n.locale).toBe('en')
  })
})
