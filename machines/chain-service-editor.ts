import { catalogueEditorMachine } from './service-editor'

/** What the chain service editor saves: the chain's fields and the salons linked (SPEC.md section 3, "Chain service"). */
export interface ChainServiceDraft {
  title: string
  category_title: string
  /** Seconds. */
  duration: number
  price_min: number
  price_max: number
  comment: string
  is_price_managed_only_in_chain: boolean
  is_comment_managed_only_in_chain: boolean
  salon_ids: number[]
}

/**
 * Creating, editing and deleting one service of the chain's catalogue
 * (`/company/$companyId/chain-services/$serviceKey`): the same lifecycle as a salon's service (save, a 409
 * conflict that asks whose version stays, a delete that asks first, back to the list once done), on the chain's
 * routes and with the chain's draft. The app supplies the chain calls; `companyId` is the salon the user works
 * in, whose chain it is.
 */
export const chainServiceEditorMachine = catalogueEditorMachine<ChainServiceDraft>({
  id: 'chainServiceEditor',
  section: 'chain-services',
})
