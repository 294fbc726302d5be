import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { usePageTitle } from './page-title'

export function NotFoundScreen() {
  usePageTitle(msg`Page not found`)
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
