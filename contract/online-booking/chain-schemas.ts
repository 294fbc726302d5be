import * as v from 'valibot'
import { idParamSchema } from '../id-params'

/** Params of GET /b2c/chain/{chainId}. */
export const onlineChainParamsSchema = v.looseObject({ chainId: idParamSchema })

/** A salon of a chain as the chain's booking page lists it: what its own page shows anyway. */
export const onlineChainSalonSchema = v.object({
  id: v.number(),
  title: v.string(),
  address: v.string(),
  /** The salon's city in the page's language, or null when the salon named none. */
  city: v.nullable(v.string()),
})
export type OnlineChainSalon = v.InferOutput<typeof onlineChainSalonSchema>

/** GET /b2c/chain/{chainId}: the chain and its salons that a client can book online. */
export const onlineChainSchema = v.object({
  chain: v.object({ id: v.number(), title: v.string() }),
  salons: v.array(onlineChainSalonSchema),
})
export type OnlineChain = v.InferOutput<typeof onlineChainSchema>
