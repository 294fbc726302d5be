/**
 * What a screen state tells the app's flow–route bridge. A state that is a screen carries
 * `meta: { route }`; the bridge navigates there when the machine enters it.
 */
export interface ScreenMeta {
  /** The path under the optional language prefix, with `$name` segments filled from the machine's context. */
  route: string
  /** Which routes the state accepts as "already showing it": public screens or the signed-in area. */
  area?: 'public' | 'private'
}

/** Reads the screen meta of the deepest active state that has one. */
export function screenMetaOf(snapshot: { getMeta(): Record<string, unknown> }): ScreenMeta | undefined {
  const metas = Object.values(snapshot.getMeta()) as (Partial<ScreenMeta> | undefined)[]
  for (let index = metas.length - 1; index >= 0; index -= 1) {
    const meta = metas[index]
    if (meta && typeof meta.route === 'string') return meta as ScreenMeta
  }
  return undefined
}
