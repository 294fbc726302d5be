/** How much work each benchmark does per round; `--quick` shrinks everything for a smoke run. */
export interface Settings {
  rounds: number
  /** Requests in flight for the HTTP and database comparisons. */
  httpConcurrency: number
  httpCount: number
  dbRawCount: number
  dbHttpCount: number
  signInConcurrency: number
  signInCount: number
  /** The appointment book's week (2,000 appointments an answer): requests in flight and per round. */
  weekConcurrency: number
  weekRawCount: number
  weekHttpCount: number
  /** No round runs longer than this, whatever its count. */
  maxRoundMs: number
}

export const FULL: Settings = {
  rounds: 7,
  httpConcurrency: 16,
  httpCount: 10_000,
  dbRawCount: 6000,
  dbHttpCount: 1500,
  // argon2id runs on libuv's 4 threads; more in flight only queues.
  signInConcurrency: 4,
  signInCount: 24,
  weekConcurrency: 4,
  weekRawCount: 200,
  weekHttpCount: 100,
  maxRoundMs: 8000,
}

export const QUICK: Settings = {
  rounds: 3,
  httpConcurrency: 16,
  httpCount: 400,
  dbRawCount: 400,
  dbHttpCount: 200,
  signInConcurrency: 4,
  signInCount: 8,
  weekConcurrency: 4,
  weekRawCount: 20,
  weekHttpCount: 10,
  maxRoundMs: 3000,
}
