/**
 * Picks a city's Russian name from GeoNames' alternate names, which the cities500 file lists without their
 * languages: one of them is the Russian name, the others are Ukrainian, Belarusian, Bulgarian, Serbian,
 * Kazakh... forms. A name is kept only when the choice is safe (docs/decisions.md, "Place names"):
 *
 * - in Russia and the CIS, the Cyrillic names in the Russian alphabet whose romanisation (BGN/PCGN, which
 *   GeoNames uses for its own Latin names there) equals a Latin name of the place; the one that equals the
 *   ASCII name wins (Novosibirsk: Новосибирск), except in Ukraine, whose ASCII names romanise Ukrainian
 *   (Kharkiv), where the Russian form matches another Latin name (Khar'kov: Харьков);
 * - elsewhere, only a place with exactly one Cyrillic name in the Russian alphabet (Berlin: Берлин).
 *
 * CLDR's exemplar cities, which are labelled by language, override this for the cities they name.
 */

const BGN: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'ë',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '"',
  ы: 'y',
  ь: "'",
  э: 'e',
  ю: 'yu',
  я: 'ya',
}
const VOWELS_AND_SIGNS = new Set([...'аеёиоуыэюяйъь'])

/** BGN/PCGN romanisation of Russian (е and ё are "ye"/"yë" at the start and after a vowel or a sign). */
export function romaniseRussian(name: string): string {
  const lower = name.toLowerCase()
  let out = ''
  for (let index = 0; index < lower.length; index += 1) {
    const letter = lower[index]!
    const previous = index === 0 ? ' ' : lower[index - 1]!
    const initial = previous === ' ' || previous === '-' || VOWELS_AND_SIGNS.has(previous)
    if (letter === 'е' && initial) out += 'ye'
    else if (letter === 'ё' && initial) out += 'yë'
    else out += BGN[letter] ?? letter
  }
  return out
}

/** Letters only, lower case, no accents: what two spellings are compared by. */
export function letters(text: string, keepApostrophes = false): string {
  const plain = text.replace(/[’ʹʼ]/g, "'").normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
  return plain.replace(keepApostrophes ? /[^\p{L}\p{N}'"]+/gu : /[^\p{L}\p{N}]+/gu, '')
}

/** Particles that stay in lower case inside a name (Ростов-на-Дону). */
const PARTICLES = new Set([
  'на',
  'над',
  'под',
  'де',
  'дель',
  'ла',
  'ле',
  'и',
  'о',
  'да',
  'ду',
  'ди',
  'ам',
  'им',
])

/** A name written in the Russian alphabet as Russian writes place names. */
export function looksRussian(name: string): boolean {
  if (!/^[А-ЯЁа-яё]+(?:[- ][А-ЯЁа-яё]+)*$/.test(name)) return false
  // ъ only separates a consonant from a soft vowel in today's spelling (Подъячево); ськ and цьк are Ukrainian.
  if (/ъ(?![еёюя])/.test(name) || /[сц]ьк/.test(name)) return false
  const words = name.split(/[- ]/)
  return words.every((word, index) => /^[А-ЯЁ]/.test(word) || (index > 0 && PARTICLES.has(word)))
}

function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index)
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i]
    for (let j = 1; j <= b.length; j += 1) {
      current.push(
        Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)),
      )
    }
    previous = current
  }
  return previous[b.length]!
}

const CIS = new Set(['RU', 'UA', 'BY', 'KZ', 'KG', 'UZ', 'TJ', 'MD', 'AM', 'AZ', 'GE', 'TM'])
const LATIN = /^[\p{Script=Latin}'’ʹ .-]+$/u

export interface GeoNamesPlace {
  name: string
  asciiName: string
  alternateNames: readonly string[]
  countryCode: string
}

export function russianTitleOf(place: GeoNamesPlace): string | undefined {
  const candidates = [...new Set(place.alternateNames.filter(looksRussian))]
  if (candidates.length === 0) return undefined
  if (!CIS.has(place.countryCode)) return candidates.length === 1 ? candidates[0] : undefined

  const ascii = letters(place.asciiName)
  const name = letters(place.name)
  const latin = place.alternateNames.filter((alternate) => LATIN.test(alternate))
  const latinLetters = latin.map((alternate) => letters(alternate))
  const latinWithApostrophes = new Set(latin.map((alternate) => letters(alternate, true)))
  const latinSpelt = new Set(latin.map((alternate) => alternate.toLowerCase().replace(/[’ʹʼ]/g, "'")))
  const ukraine = place.countryCode === 'UA'

  let best: { score: number[]; name: string } | undefined
  for (const candidate of candidates) {
    const romanised = romaniseRussian(candidate)
    const plain = letters(romanised)
    const matchesAscii = plain === ascii
    const matchesOther = latinLetters.some((alternate) => alternate === plain && alternate !== ascii)
    if (!matchesAscii && !matchesOther) continue
    const support = latinLetters.filter((alternate) => alternate === plain).length
    const tier = ukraine ? (matchesOther ? 0 : 1) : matchesAscii ? 0 : 1
    const score = [
      ukraine ? -support : tier,
      ukraine ? tier : -support,
      latinWithApostrophes.has(letters(romanised, true)) ? 0 : 1,
      latinSpelt.has(romanised) ? 0 : 1,
      unhyphenatedCompounds(candidate),
      levenshtein(plain, name),
      -candidate.length,
    ]
    if (!best || compareScores(score, best.score) < 0) best = { score, name: candidate }
  }
  return best?.name
}

/**
 * Spaces where Russian writes a hyphen: between two nouns (Санкт-Петербург, Улан-Удэ), unlike after an
 * adjective (Нижний Новгород), as the same name is often listed both ways.
 */
function unhyphenatedCompounds(name: string): number {
  const words = name.split(' ')
  return words.slice(0, -1).filter((word) => !/(?:ий|ый|ой|ая|яя|ое|ее|ие|ые)$/.test(word)).length
}

function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index += 1) {
    const difference = a[index]! - b[index]!
    if (difference !== 0) return difference
  }
  return 0
}
