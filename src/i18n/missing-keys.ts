/**
 * Missing translation keys (SPEC.md sections 6 and 8): a message shown in a language whose catalog has no
 * translation of it, either because the message is new and not extracted yet or because the language has no
 * catalog and speaks English message by message (contract/ui-languages.ts `lacksCatalog`). Each one is
 * reported once per language: logged as an error in development, and, for a user with the translator page
 * flag, sent to the server in batches (POST /translations/missing), where the translator's page lists them.
 */

export interface MissingKey {
  language: string
  key: string
}

export interface MissingKeyCollectorOptions {
  /** Called once per language and key as it is first seen (console.error in development). */
  log?: (missing: MissingKey) => void
  /** How many keys go in one batch at most; a full batch is sent at once. */
  batchSize?: number
  /** How long a partial batch waits for more keys before it is sent. */
  delayMs?: number
  setTimer?: (run: () => void, ms: number) => unknown
  /** The most keys kept in memory; later ones are still logged, but neither kept nor sent. */
  limit?: number
}

export interface MissingKeyCollector {
  report: (language: string, key: string) => void
  /** Every key seen so far, in the order first seen. */
  seen: () => MissingKey[]
  /**
   * Starts sending batches (the user turned out to be a translator): the keys seen before are sent too. A batch
   * whose sending fails is not retried; its keys are reported again on the next page load.
   */
  sendWith: (send: (batch: MissingKey[]) => Promise<unknown>) => void
  /** Stops sending (the translator's workspace closed, or they signed out): keys seen meanwhile wait for the next. */
  stopSending: () => void
  /** Sends what waits now (before the page goes away). */
  flush: () => void
}

export function createMissingKeyCollector(options: MissingKeyCollectorOptions = {}): MissingKeyCollector {
  const { log, batchSize = 50, delayMs = 5000, limit = 5000 } = options
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms))
  const known = new Set<string>()
  const all: MissingKey[] = []
  let pending: MissingKey[] = []
  let send: ((batch: MissingKey[]) => Promise<unknown>) | undefined
  let timer = false

  const flush = () => {
    timer = false
    if (!send) return
    while (pending.length > 0) {
      const batch = pending.slice(0, batchSize)
      pending = pending.slice(batchSize)
      void send(batch).catch(() => undefined)
    }
  }
  const schedule = () => {
    if (!send || pending.length === 0) return
    if (pending.length >= batchSize) return flush()
    if (timer) return
    timer = true
    setTimer(flush, delayMs)
  }

  return {
    report(language, key) {
      const id = `${language}\u0004${key}`
      if (known.has(id)) return
      known.add(id)
      log?.({ language, key })
      if (all.length >= limit) return
      all.push({ language, key })
      pending.push({ language, key })
      schedule()
    },
    seen: () => [...all],
    sendWith(sender) {
      send = sender
      schedule()
    },
    stopSending() {
      send = undefined
    },
    flush,
  }
}
