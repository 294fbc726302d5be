import { queryOptions } from '@tanstack/react-query'
import { onlineChainSchema } from '../../../contract/online-booking/chain-schemas'
import { apiRequest } from '../client'

/** GET /b2c/chain/{chainId}: the chain and its salons that book online, the city in the page's language. */
export const onlineChainQueryOptions = (chainId: number) =>
  queryOptions({
    queryKey: ['b2c', 'chain', chainId],
    queryFn: () => apiRequest(`/b2c/chain/${chainId}`, { schema: onlineChainSchema, auth: false }),
  })
