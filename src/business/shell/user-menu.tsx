import { Trans } from '@lingui/react/macro'
import { useSelector } from '@xstate/react'
import { useSessionActor } from '../../app/session-context'
import { LanguageSwitcher } from '../../ui/language-switcher'

/** The signed-in user's corner of the top bar: who they are, the language, and signing out. */
export function UserMenu() {
  const session = useSessionActor()
  const userName = useSelector(session, (snapshot) => snapshot.context.user?.name ?? '')
  return (
    <div className="user-menu">
      <p className="topbar__user">
        <Trans>Signed in as {userName}</Trans>
      </p>
      <LanguageSwitcher />
      <button type="button" className="button" onClick={() => session.send({ type: 'session.ended' })}>
        <Trans>Sign out</Trans>
      </button>
    </div>
  )
}
