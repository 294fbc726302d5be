import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react'
import { useMemo } from 'react'
import { descriptionMessages } from './description-messages'
import type { DiagramState, DiagramTransition } from './statechart-model'

/** How the diagram names things: the machines' descriptions in the reader's language, or the code's names. */
export type Naming = 'plain' | 'technical'

/** A description in the reader's language; the English text when the catalog has no message for it. */
export function translatedDescription(i18n: I18n, text: string | undefined): string {
  if (!text) return ''
  const descriptor = descriptionMessages[text]
  return descriptor ? i18n._(descriptor) : text
}

/** A state in words: its description, or its key when the machine has none. */
export function stateWords(i18n: I18n, state: DiagramState): string {
  return translatedDescription(i18n, state.description) || state.key
}

/**
 * A transition in words: what starts it (a generated event reads as "if the call fails", "after 60 seconds",
 * "immediately, when ...") and what happens, from its description.
 */
export function transitionWords(i18n: I18n, transition: DiagramTransition): string {
  const what = translatedDescription(i18n, transition.description) || transition.label
  const { cause } = transition
  switch (cause.kind) {
    case 'event':
    case 'route':
      return what
    case 'done':
      return i18n._(msg`When the call succeeds: ${what}`)
    case 'error':
      return i18n._(msg`If the call fails: ${what}`)
    case 'finished':
      return i18n._(msg`When this part is finished: ${what}`)
    case 'always':
      return cause.guarded ? i18n._(msg`Immediately, when ${what}`) : i18n._(msg`Immediately: ${what}`)
    case 'after': {
      if (typeof cause.delay !== 'number') return i18n._(msg`After a pause: ${what}`)
      const seconds = Math.round(cause.delay / 100) / 10
      return i18n._(msg`${plural(seconds, { one: 'After # second', other: 'After # seconds' })}: ${what}`)
    }
  }
}

/** The two namers of the current language, for the diagram and its panels. */
export function usePlainWords() {
  const { i18n } = useLingui()
  return useMemo(
    () => ({
      i18n,
      state: (state: DiagramState) => stateWords(i18n, state),
      transition: (transition: DiagramTransition) => transitionWords(i18n, transition),
    }),
    // The catalog of a newly loaded language changes the words, not the i18n object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n, i18n.locale],
  )
}
