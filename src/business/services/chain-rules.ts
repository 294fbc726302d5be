import type { Service } from '../../../contract/services/schemas'

/**
 * What the chain decides about a salon's service (docs/decisions.md, "Chain catalogue"): a copy of a chain
 * service takes its title from the chain; its price when the chain manages the price (else the salon's price
 * stays within the chain's range); its comment when the chain manages the comment.
 */
export interface ChainRules {
  /** A copy of one of the chain's services (its salon_group_service_link names it). */
  linked: boolean
  chainTitle: string
  priceManaged: boolean
  commentManaged: boolean
  /** The range a salon's own price must keep to; null when the chain sets none or sets the price itself. */
  range: { min: number; max: number } | null
}

export function chainRulesOf(service: Service | null): ChainRules {
  const isChain = service?.is_chain === true
  const priceManaged = isChain && service.is_price_managed_only_in_chain
  const min = service?.chain_price_min ?? null
  const max = service?.chain_price_max ?? null
  return {
    linked: service?.salon_group_service_link != null,
    chainTitle: service?.salon_group_title ?? '',
    priceManaged,
    commentManaged: isChain && service.is_comment_managed_only_in_chain,
    range: isChain && !priceManaged && min !== null && max !== null ? { min, max } : null,
  }
}

/** A salon's save leaves out what the chain owns, so a chain change made meanwhile is never sent back. */
export function withoutChainOwned<
  T extends { title?: string; price_min?: number; price_max?: number; comment?: string },
>(draft: T, rules: ChainRules): T {
  const kept: Partial<T> = { ...draft }
  if (rules.linked) delete kept.title
  if (rules.priceManaged) {
    delete kept.price_min
    delete kept.price_max
  }
  if (rules.commentManaged) delete kept.comment
  return kept as T
}
