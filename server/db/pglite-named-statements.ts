import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'

const { serialize } = protocol

const concat = (parts: Uint8Array[]) => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0))
  let offset = 0
  for (const part of parts) {
    message.set(part, offset)
    offset += part.length
  }
  return message
}

/**
 * The statements of one PGlite instance that run under a name: parsed and planned once, then only bound and
 * executed on each call, in one exchange with the database (Bind, Describe, Execute, Sync). PGlite's own `query()`
 * sends every statement unnamed, so PostgreSQL parses and plans it again on each call, and it makes six exchanges
 * of it; for the joins a request runs on every call, planning is most of the statement's time
 * (docs/performance.md, "Named statements on PGlite").
 *
 * A statement runs here as `query()` would run it outside a transaction: under PGlite's transaction and query
 * locks, with the same parameter serializers and row parsers, and the file system synced after it. Inside a
 * transaction statements go through the transaction's own `query()`, unnamed.
 */
export class PgliteNamedStatements {
  /** Statement text → its name, for every statement asked to run named. */
  private readonly names = new Map<string, string>()
  /** Statement text → the types of its parameters, once the database has parsed it under its name. */
  private readonly parameterTypes = new Map<string, number[]>()

  constructor(private readonly client: PGlite) {}

  /** From now on, `text` runs under a name of its own. */
  name(text: string): void {
    if (!this.names.has(text)) this.names.set(text, `named_statement_${this.names.size + 1}`)
  }

  has(text: string): boolean {
    return this.names.has(text)
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    const name = this.names.get(text)
    if (name === undefined) throw new Error('this statement was not named')
    return this.client._runExclusiveTransaction(() =>
      this.client._runExclusiveQuery(async () => {
        const types = this.parameterTypes.get(text) ?? (await this.prepare(name, text, options))
        const values = params.map((param, index) => {
          if (param === null || param === undefined) return null
          const type = types[index]!
          const serializer = options?.serializers?.[type] ?? this.client.serializers[type]
          return serializer ? serializer(param) : String(param)
        })
        const messages = await this.client.execProtocolStream(
          concat([
            serialize.bind({ statement: name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        )
        await this.client.syncToFs()
        return parse.parseResults(messages, this.client.parsers, options)[0] as Results<T>
      }),
    )
  }

  private async prepare(name: string, text: string, options: QueryOptions | undefined): Promise<number[]> {
    const messages = await this.client.execProtocolStream(
      concat([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    )
    const types = parse.parseDescribeStatementResults(messages)
    this.parameterTypes.set(text, types)
    return types
  }
}
