import type { Config } from '../config'

export type EmbeddingConfig = Pick<Config, 'EMBED_PARENT_ORIGINS' | 'NODE_ENV' | 'PUBLIC_ORIGIN'>

/**
 * The exact origins whose pages may embed the app and receive its messages: EMBED_PARENT_ORIGINS, plus,
 * outside production, the app's own origin, because the example parent page (/embed-demo) is served
 * from there. The Content-Security-Policy allows the app's own origin ('self') everywhere anyway.
 */
export function allowedParentOrigins(config: EmbeddingConfig): string[] {
  const origins = [...config.EMBED_PARENT_ORIGINS]
  if (config.NODE_ENV !== 'production' && !origins.includes(config.PUBLIC_ORIGIN)) {
    origins.push(config.PUBLIC_ORIGIN)
  }
  return origins
}
