import { msg } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { Link, useParams } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { languageOf, localizedPath } from '../../contract/ui-languages'
import { usePageTitle } from '../ui/page-title'
import { Spinner } from '../ui/spinner'
import { useEmbeddedActor } from './embedded-context'

/**
 * /{lang}/onboarding/complete/{id}: what the user sees once a registration is complete. Inside the admin
 * application it follows the embedded machine (handing over, a failure to retry, waiting for the parent,
 * the redirect); standalone it congratulates and leads to the account.
 */
export function RegistrationCompleteScreen() {
  const actor = useEmbeddedActor()
  const { lang } = useParams({ strict: false }) as { lang?: string }
  const view = useSelector(actor, (snapshot) => {
    if (snapshot.matches({ embedded: 'issuingParentToken' }) || snapshot.matches({ embedded: 'loggingOut' }))
      return 'handingOver'
    if (snapshot.matches({ embedded: 'completionFailed' })) return 'failed'
    if (snapshot.matches({ embedded: 'redirecting' })) return 'redirecting'
    if (snapshot.matches('embedded')) return 'embedded'
    return 'standalone'
  })
  usePageTitle(msg`Registration complete`)
  // The parent is asked to go to its own location (SPEC.md section 4, 20 s time-out); the link, for when it
  // does not, opens this app's own signed-in home in the top window: the parent's /cabinet/info is not a
  // page this app serves (docs/decisions.md).
  const homeUrl = new URL(localizedPath(languageOf(lang), '/'), window.location.origin).href

  if (view === 'handingOver') {
    return (
      <section className="card" aria-busy="true">
        <h1>
          <Trans>Finishing your registration…</Trans>
        </h1>
        <Spinner size="large" />
      </section>
    )
  }
  if (view === 'failed') {
    return (
      <section className="card">
        <h1>
          <Trans>Registration complete</Trans>
        </h1>
        <p className="form-error" role="alert">
          <Trans>Your account could not be opened in the admin application.</Trans>
        </p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'completion.retried' })}>
          <Trans>Try again</Trans>
        </button>
      </section>
    )
  }
  return (
    <section className="card">
      <h1>
        <Trans>Registration complete</Trans>
      </h1>
      {view === 'standalone' ? (
        <Link to="/{-$lang}" params={{ lang }} className="button">
          <Trans>Go to your account</Trans>
        </Link>
      ) : view === 'embedded' ? (
        <p role="status">
          <Trans>Your account is opening in the admin application.</Trans>
        </p>
      ) : (
        <p role="status">
          <Trans>
            Opening your account… If nothing happens,{' '}
            <a href={homeUrl} target="_top">
              open it here
            </a>
            .
          </Trans>
        </p>
      )}
    </section>
  )
}
