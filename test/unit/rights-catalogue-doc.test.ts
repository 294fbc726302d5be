import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { setupI18n } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import { rightFlags } from '../../contract/access/rights-catalogue'
import { messages as enMessages } from '../../locales/en/workspace.po'
import { messages as ruMessages } from '../../locales/ru/workspace.po'
import { renderRightsCatalogue, rightsCatalogueDocPath } from '../../src/business/rights/rights-catalogue-doc'
import { rightLimitTexts, rightTexts } from '../../src/business/rights/right-texts'

const language = (locale: 'en' | 'ru') => {
  const i18n = setupI18n({ locale, messages: { en: enMessages, ru: ruMessages } })
  i18n.activate(locale)
  return i18n
}

describe('the rights catalogue', () => {
  it('is committed as generated: run npm run docs:rights after changing a text', () => {
    const committed = readFileSync(resolve(process.cwd(), rightsCatalogueDocPath), 'utf8')
    expect(committed === renderRightsCatalogue(), `${rightsCatalogueDocPath} is stale`).toBe(true)
  })

  it('gives every flag and limit a title and a description in both languages, each its own', () => {
    const en = language('en')
    const ru = language('ru')
    const texts = [
      ...rightFlags.map((flag) => [flag, rightTexts[flag]] as const),
      ...Object.entries(rightLimitTexts),
    ]
    const problems: string[] = []
    for (const [key, text] of texts) {
      if (!text) {
        problems.push(`${key}: no text`)
        continue
      }
      for (const part of ['title', 'description'] as const) {
        const english = en._(text[part])
        const russian = ru._(text[part])
        if (english.trim() === '') problems.push(`${key}: no English ${part}`)
        // An untranslated message falls back to the English one.
        if (russian === english || !/[а-яё]/i.test(russian)) problems.push(`${key}: no Russian ${part}`)
        // A text that only repeats the key says nothing to a salon owner.
        if (english.toLowerCase().replaceAll(' ', '_').includes(key))
          problems.push(`${key}: ${part} is the key`)
      }
    }
    expect(problems).toEqual([])
  })

  it('describes each flag in its own words: no two flags share a title or a description', () => {
    const en = language('en')
    const titles = rightFlags.map((flag) => en._(rightTexts[flag].title))
    const descriptions = rightFlags.map((flag) => en._(rightTexts[flag].description))
    expect(titles.filter((title, index) => titles.indexOf(title) !== index)).toEqual([])
    expect(descriptions.filter((text, index) => descriptions.indexOf(text) !== index)).toEqual([])
  })
})
