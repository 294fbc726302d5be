import { Trans, useLingui } from '@lingui/react/macro'
import type { AccountSession } from '../../../contract/auth/account-sessions-schemas'
import type { ApiError } from '../../api/api-error'
import {
  useAccountSessions,
  useEndAccountSession,
  useEndOtherAccountSessions,
} from '../../api/auth/account-sessions'
import { isUnownedFailure } from '../../api/unowned-failure'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { showToast } from '../../ui/toast-store'
import { deviceOf } from './device-name'

const toastFailure = (failure: Error) => {
  // Network and server failures are toasted by the client already.
  if (!isUnownedFailure(failure as ApiError)) showRequestFailureToast(failure as ApiError)
}

/**
 * The devices signed in to the user's account, each a session of its own: sign one out, or every one but this.
 * Signing out takes effect at the other device's next request (every request checks its session), not only
 * when its 15-minute access token runs out. While support acts as the user, the list is shown but not changed.
 */
export function ActiveSessions({ readOnly }: { readOnly: boolean }) {
  const { t } = useLingui()
  const sessions = useAccountSessions()
  const endOne = useEndAccountSession()
  const endOthers = useEndOtherAccountSessions()

  const body = sessions.isPending ? (
    <Spinner />
  ) : sessions.isError ? (
    <div role="alert">
      <p>
        <Trans>Your devices could not be loaded.</Trans>
      </p>
      <button type="button" className="button" onClick={() => void sessions.refetch()}>
        {t`Try again`}
      </button>
    </div>
  ) : (
    <>
      <ul className="session-list">
        {sessions.data.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            busy={endOne.isPending && endOne.variables === session.id}
            onEnd={
              readOnly || session.current
                ? undefined
                : () =>
                    endOne.mutate(session.id, {
                      onSuccess: () => showToast('success', t`The device is signed out.`),
                      onError: toastFailure,
                    })
            }
          />
        ))}
      </ul>
      {readOnly || sessions.data.every((session) => session.current) ? null : (
        <button
          type="button"
          className="button"
          disabled={endOthers.isPending}
          aria-busy={endOthers.isPending}
          onClick={() =>
            endOthers.mutate(undefined, {
              onSuccess: () => showToast('success', t`Every other device is signed out.`),
              onError: toastFailure,
            })
          }
        >
          <Trans>Sign out everywhere else</Trans>
        </button>
      )}
    </>
  )

  return (
    <section className="security-part" aria-labelledby="sessions-title">
      <h2 id="sessions-title">
        <Trans>Devices signed in</Trans>
      </h2>
      <p className="field__hint">
        <Trans>
          A device you sign out is sent to the sign-in page at its next step. If you do not recognise a
          device, sign it out and change your password.
        </Trans>
      </p>
      {body}
    </section>
  )
}

function SessionRow(props: { session: AccountSession; busy: boolean; onEnd: (() => void) | undefined }) {
  const { t, i18n } = useLingui()
  const { session } = props
  const device = deviceOf(session.user_agent)
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
  const browser = device.browser ?? t`Unknown browser`
  const system = device.system ?? t`unknown system`
  const signedIn = when(session.signed_in_at)
  const lastActive = when(session.last_active_at)
  return (
    <li className="session-list__item" data-testid="session">
      <div>
        <p className="session-list__device">
          <strong>
            <Trans>
              {browser} on {system}
            </Trans>
          </strong>
          {session.current ? (
            <span className="badge">
              <Trans>This device</Trans>
            </span>
          ) : null}
          {session.by_support ? (
            <span className="badge">
              <Trans>Support, signed in as you</Trans>
            </span>
          ) : null}
        </p>
        <p className="session-list__facts">
          {session.ip ? (
            <>
              <Trans>IP address {session.ip}</Trans>
              {' · '}
            </>
          ) : null}
          <Trans>Signed in {signedIn}</Trans>
          {' · '}
          <Trans>Last active {lastActive}</Trans>
        </p>
      </div>
      {props.onEnd ? (
        <button
          type="button"
          className="button"
          disabled={props.busy}
          aria-busy={props.busy}
          aria-label={t`Sign out ${browser} on ${system}`}
          onClick={props.onEnd}
        >
          <Trans>Sign out</Trans>
        </button>
      ) : null}
    </li>
  )
}
