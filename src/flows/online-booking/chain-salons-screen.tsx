import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from '@tanstack/react-router'
import { onlineChainQueryOptions } from '../../api/online-booking/online-chain'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import './online-booking.css'

/**
 * /{lang}/b2c/chain/{chainId}: a chain's booking page. The client chooses the salon here; each leads to that
 * salon's own page, where the booking flow starts (the browser's back button returns here).
 */
export function ChainSalonsScreen() {
  const { chainId, lang } = useParams({ strict: false }) as { chainId: string; lang?: string }
  const chain = useQuery(onlineChainQueryOptions(Number(chainId)))
  usePageTitle(msg`Online booking`)
  if (chain.isPending) return <Spinner size="large" />
  if (chain.isError) {
    return (
      <div className="b2c">
        <h1>
          <Trans>Online booking</Trans>
        </h1>
        <FormAlert>
          <Trans>This booking page is not available. Please check the link or call the salon.</Trans>
        </FormAlert>
      </div>
    )
  }
  const { salons } = chain.data
  return (
    <div className="b2c">
      <header className="b2c-header">
        <h1>{chain.data.chain.title}</h1>
      </header>
      <section className="card" aria-labelledby="b2c-step-title">
        <h2 id="b2c-step-title">
          <Trans>Choose a salon</Trans>
        </h2>
        <ul className="b2c-salons">
          {salons.map((salon) => (
            <li key={salon.id}>
              <Link
                className="b2c-salon"
                to="/{-$lang}/b2c/$companyId"
                params={{ lang, companyId: String(salon.id) }}
              >
                <span className="b2c-salon__title">{salon.title}</span>
                {salon.address || salon.city ? (
                  <span className="b2c-option__detail">
                    {[salon.city, salon.address].filter(Boolean).join(', ')}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
