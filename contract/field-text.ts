/** The values of a field message's placeholders: `{max}` takes `values.max`. */
export type FieldTextValues = Record<string, string | number>

/** Each English field message written with values, with the text and values it was written from. */
const written = new Map<string, { text: string; values: FieldTextValues }>()

/**
 * A field message that holds values (`must be at most {max, plural, one {# character} other {# characters}}`),
 * written out in English. A field message travels as a plain string (valibot issues, meta.errors), so the
 * server, which translates field messages by their English text (server/i18n/server-messages.ts), finds the
 * text and values it came from here. The text is marked with `/*i18n*\/` where it is written, like every
 * server text. Only `{name}` and `{name, plural, one {…} other {…}}` (with `#`) are understood: what the
 * English of these messages needs.
 */
export function fieldText(text: string, values: FieldTextValues): string {
  const english = formatEnglish(text, values)
  written.set(english, { text, values })
  return english
}

/** The text and values an English field message was written from, if it was written by fieldText. */
export const fieldTextSource = (english: string) => written.get(english)

const PLURAL = /\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g

function formatEnglish(text: string, values: FieldTextValues): string {
  return text
    .replace(PLURAL, (_, name: string, one: string, other: string) => {
      const value = values[name]
      return (Number(value) === 1 ? one : other).replaceAll('#', String(value))
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))
}
