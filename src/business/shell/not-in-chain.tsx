import { Trans } from '@lingui/react/macro'

/** What a chain's section shows in a company outside any chain (the switcher, or a link kept from elsewhere). */
export function NotInChain() {
  return (
    <section className="card" role="alert">
      <h1>
        <Trans>This company is not part of a chain</Trans>
      </h1>
      <p>
        <Trans>
          Chain services are shared by the salons of a chain. Open a salon of your chain to manage them.
        </Trans>
      </p>
    </section>
  )
}
