import { Trans } from '@lingui/react/macro'

export function NotFoundScreen() {
  return (
    <section className="card">
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <a href="/">
          <Trans>Go to the start page</Trans>
        </a>
      </p>
    </section>
  )
}
