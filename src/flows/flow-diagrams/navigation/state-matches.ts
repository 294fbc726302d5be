import type { DiagramState } from '../statechart-model'

/** How a state can be found: the words the diagram shows, its technical name, its route and its screen. */
export interface StateSearchTexts {
  words: (state: DiagramState) => string
  screenName: (state: DiagramState) => string | undefined
}

const normalised = (text: string) => text.toLocaleLowerCase().replaceAll('ё', 'е')

/**
 * The states a query finds, in the order the machine declares them: those whose description (in the reader's
 * language), technical name, route or screen contains every word of the query. An empty query finds none.
 */
export function matchingStates(
  states: DiagramState[],
  query: string,
  texts: StateSearchTexts,
): DiagramState[] {
  const words = normalised(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return []
  return states.filter((state) => {
    const haystack = normalised(
      [texts.words(state), state.path.join('.'), state.route ?? '', texts.screenName(state) ?? ''].join('\n'),
    )
    return words.every((word) => haystack.includes(word))
  })
}

/** The compound states around `states` that must be open for them to show. */
export function parentsToOpen(all: DiagramState[], states: DiagramState[]): string[] {
  const parentOf = new Map<string, string>()
  for (const state of all) for (const child of state.children) parentOf.set(child.id, state.id)
  const parents = new Set<string>()
  for (const state of states) {
    for (let parent = parentOf.get(state.id); parent; parent = parentOf.get(parent)) parents.add(parent)
  }
  return [...parents]
}

/** The collapsed states without `opened`; the same set when none of them was collapsed, so nothing is laid out. */
export function withOpened(collapsed: ReadonlySet<string>, opened: Iterable<string>): ReadonlySet<string> {
  const next = new Set(collapsed)
  for (const id of opened) next.delete(id)
  return next.size === collapsed.size ? collapsed : next
}
