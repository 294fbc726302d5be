import { types, type PGlite, type Transaction } from '@electric-sql/pglite'
import { PgliteNamedStatements } from './pglite-named-statements'
import type { Database } from './database'

/** The types drizzle's PGlite driver reads as the database's text and converts itself (drizzle-orm/pglite/session). */
const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]
const DRIZZLE_TEXT_TYPE_KEYS = new Set(DRIZZLE_TEXT_TYPES.map(String))
const asText = (value: string) => value

type QueryArguments = Parameters<PGlite['query']>

/** Drizzle's per-query `parsers` when they are exactly the text types above (made the instance's own). */
function withoutDrizzleParsers(options: QueryArguments[2]): QueryArguments[2] {
  const parsers = options?.parsers
  if (!parsers) return options
  const keys = Object.keys(parsers)
  if (keys.length !== DRIZZLE_TEXT_TYPE_KEYS.size || !keys.every((key) => DRIZZLE_TEXT_TYPE_KEYS.has(key))) {
    return options
  }
  return { ...options, parsers: undefined }
}

function intercepting<T extends object>(target: T, overrides: Partial<Record<keyof T, unknown>>): T {
  return new Proxy(target, {
    get(object, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof T]
      const value: unknown = Reflect.get(object, property)
      // PGlite keeps its state in #private fields: its methods must run on the instance, not on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value
    },
  })
}

function transactionWithoutParsers(tx: Transaction): Transaction {
  return intercepting(tx, {
    query: (...[text, params, options]: QueryArguments) =>
      tx.query(text, params, withoutDrizzleParsers(options)),
  })
}

/** What the client handed to drizzle adds to PGlite: statements that run under a name (prepared-statement.ts). */
export interface NamingClient {
  nameStatement: (text: string) => void
}

const isNamingClient = (client: unknown): client is NamingClient =>
  typeof (client as Partial<NamingClient> | undefined)?.nameStatement === 'function'

/** The embedded PGlite's client of a database handle, by the client drizzle has; undefined on PostgreSQL. */
export function namingClientOf(db: Database): NamingClient | undefined {
  const client: unknown = (db as { $client?: unknown }).$client
  return isNamingClient(client) ? client : undefined
}

/** Whether the database is the embedded PGlite: one connection, one statement at a time. */
export const isEmbeddedDatabase = (db: Database): boolean => namingClientOf(db) !== undefined

/**
 * The PGlite client to hand to drizzle. Drizzle passes its own `parsers` with every query (the date, time and
 * interval types as text), and PGlite answers such a query by copying its whole parser table, a few hundred
 * entries with one per array type, before reading a single row: the largest piece of JavaScript per statement
 * in a profile of sign-in (12 % of the main thread). Here the instance's table holds drizzle's choices itself
 * and drizzle's queries go without `parsers`: the same values, without the copy.
 *
 * A statement named through `nameStatement` (a prepared statement's text) is parsed and planned once and then
 * run under its name (pglite-named-statements.ts); PGlite itself would parse and plan it on every call.
 *
 * Anyone else querying this PGlite instance directly gets those types as text too.
 */
export async function pgliteForDrizzle(client: PGlite): Promise<PGlite & NamingClient> {
  // PGlite adds its array types' parsers when it starts; drizzle's choices must win over those.
  await client.waitReady
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText
  const named = new PgliteNamedStatements(client)
  return intercepting(client as PGlite & NamingClient, {
    query: (...[text, params, options]: QueryArguments) =>
      named.has(text)
        ? named.query(text, params, withoutDrizzleParsers(options))
        : client.query(text, params, withoutDrizzleParsers(options)),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      client.transaction((tx) => callback(transactionWithoutParsers(tx))),
    nameStatement: (text: string) => named.name(text),
  })
}
