import { Trans, useLingui } from '@lingui/react/macro'
import { Link, useLocation, useParams } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine, useSelector } from '@xstate/react'
import { msg } from '@lingui/core/macro'
import { useState, type FormEvent } from 'react'
import { fromPromise, waitFor } from 'xstate'
import { inviteMachine } from '../../../machines/invite'
import { acceptInvite, inviteQueryOptions, registerThroughInvite } from '../../api/invites/invites'
import { storeAccessToken } from '../../api/token-store'
import { routeData } from '../../app/route-data'
import { useSessionActor } from '../../app/session-context'
import { Checkbox } from '../../ui/checkbox'
import { serverFieldErrorTexts } from '../../ui/field-error-text'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { SupportFooter } from '../../ui/support-footer'
import { TextField } from '../../ui/text-field'
import { useFlowRouting } from '../../app/flow-routing'
import { inspectionOptions } from '../../app/inspection'
import { codeFailureText } from '../../ui/code-failure-text'

/** /{lang}/invite/{token}: accept an invitation, as a signed-in user or as a new person. */
export function InviteScreen() {
  const { token = '' } = useParams({ strict: false }) as { token?: string; lang?: string }
  const session = useSessionActor()
  const queryClient = useQueryClient()
  const pathname = useLocation({ select: (location) => location.pathname })
  const { t } = useLingui()
  // Whom the invitation was for and who accepts it can differ: the page names both.
  const userName = useSelector(session, (snapshot) => snapshot.context.user?.name ?? '')
  /** A used invitation is not shown as open again from the cache. */
  const usedUp = <T,>(usedToken: string, reply: T): T => {
    queryClient.removeQueries({ queryKey: inviteQueryOptions(usedToken).queryKey })
    return reply
  }
  const [machine] = useState(() =>
    inviteMachine.provide({
      actors: {
        loadInvite: fromPromise(async ({ input }) => {
          const invite = await routeData(queryClient, inviteQueryOptions(input.token))
          // On a fresh page load the session is still being restored: wait until it knows.
          const settled = await waitFor(
            session,
            (snapshot) => snapshot.matches('valid') || snapshot.matches('signedOut'),
          )
          return { invite, signedIn: settled.matches('valid') }
        }),
        acceptInvite: fromPromise(async ({ input }) => usedUp(input.token, await acceptInvite(input.token))),
        register: fromPromise(async ({ input }) =>
          usedUp(input.token, await registerThroughInvite(input.token, input.form)),
        ),
      },
      actions: {
        startSession: (_, { pair }) => {
          storeAccessToken(pair.access_token)
          session.send({ type: 'session.started', user: { id: pair.user.id, name: pair.user.name } })
        },
      },
    }),
  )
  const [state, send, actor] = useMachine(machine, { ...inspectionOptions(), input: { token } })
  // The joined state names the home page with the joined company open (?company=: a member may work in several).
  useFlowRouting(actor, {
    params: (snapshot) => ({
      token,
      joinedCompanyId: (snapshot.context as typeof state.context).joinedCompanyId,
      // Signing in to accept returns here.
      invitePath: pathname,
    }),
  })
  const { context } = state
  const invite = context.invite
  const busy = state.matches({ accept: 'accepting' }) || state.matches({ register: 'registering' })
  const errors = serverFieldErrorTexts(context.failure?.fieldErrors ?? null, context.failure?.fieldErrorKeys)
  usePageTitle(
    state.matches('unavailable')
      ? msg`Invitation unavailable`
      : state.matches('accept')
        ? msg`Invitation`
        : msg`Join the team`,
  )
  const failureText =
    context.failure && Object.keys(context.failure.fieldErrors).length === 0
      ? codeFailureText(context.failure)
      : null

  if (state.matches('loading')) return <Spinner size="large" />

  if (state.matches('unavailable')) {
    const reason = context.unavailable
    return (
      <section className="card auth-card" aria-labelledby="invite-title">
        <h1 id="invite-title">
          {reason === 'used' ? (
            <Trans>This invitation has already been used</Trans>
          ) : reason === 'expired' ? (
            <Trans>This invitation has expired</Trans>
          ) : reason === 'revoked' ? (
            <Trans>This invitation was withdrawn</Trans>
          ) : (
            <Trans>This invitation does not exist</Trans>
          )}
        </h1>
        <p>
          <Trans>Ask the company that invited you to send a new invitation.</Trans>
        </p>
        <Link to="/{-$lang}/signin/{-$hash}" className="button">
          <Trans>Go to sign-in</Trans>
        </Link>
      </section>
    )
  }

  const title = invite ? (
    <p>
      <Trans>
        {invite.inviter_name} invites you to join {invite.company_title}.
      </Trans>
    </p>
  ) : null

  if (state.matches('accept')) {
    return (
      <>
        <section className="card auth-card" aria-labelledby="invite-title">
          <h1 id="invite-title">
            <Trans>Invitation</Trans>
          </h1>
          {title}
          {invite ? (
            <p>
              <Trans>
                It was sent to {invite.email ?? invite.phone ?? ''}. You are signed in as {userName}:
                accepting adds this account to the team.
              </Trans>
            </p>
          ) : null}
          <FormAlert>{failureText}</FormAlert>
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            aria-busy={busy}
            onClick={() => send({ type: 'invite.accept' })}
          >
            {busy ? <Spinner size="small" /> : null}
            <Trans>Accept the invitation</Trans>
          </button>
        </section>
        <SupportFooter />
      </>
    )
  }

  const onRegister = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const accepted = form.get('accept') === 'on'
    send({
      type: 'registration.submitted',
      form: {
        name: String(form.get('name') ?? ''),
        phone: String(form.get('phone') ?? ''),
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
        confirm_password: String(form.get('confirm_password') ?? ''),
        // The single accept checkbox sets both (SPEC.md section 3).
        oferta: accepted as true,
        confidential: accepted as true,
        info_notifications: form.get('info_notifications') === 'on',
      },
    })
  }
  const field = (
    name: string,
    label: string,
    type: string,
    autoComplete: string,
    defaultValue?: string | null,
  ) => (
    <TextField
      name={name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      defaultValue={defaultValue ?? undefined}
      required
      error={errors[name]}
    />
  )

  return (
    <>
      <section className="card auth-card" aria-labelledby="invite-title">
        <h1 id="invite-title">
          <Trans>Join the team</Trans>
        </h1>
        {title}
        <Form errors={context.failure?.fieldErrors} onSubmit={onRegister}>
          {field('name', t`Your name`, 'text', 'name')}
          {field('phone', t`Phone`, 'tel', 'tel', invite?.phone)}
          {field('email', t`E-mail`, 'email', 'email', invite?.email)}
          {field('password', t`Password`, 'password', 'new-password')}
          {field('confirm_password', t`Repeat the password`, 'password', 'new-password')}
          <Checkbox
            name="accept"
            label={<Trans>I accept the terms of service and the privacy policy</Trans>}
            error={errors.oferta ?? errors.confidential}
          />
          <Checkbox name="info_notifications" label={<Trans>Send me news and tips</Trans>} />
          <FormAlert>{failureText}</FormAlert>
          <SubmitButton busy={busy}>
            <Trans>Join</Trans>
          </SubmitButton>
        </Form>
        <p className="auth-card__aside">
          <Trans>Already have an account?</Trans>{' '}
          <button
            type="button"
            className="button button--link"
            onClick={() => send({ type: 'invite.signInChosen' })}
          >
            <Trans>Sign in to accept</Trans>
          </button>
        </p>
      </section>
      <SupportFooter />
    </>
  )
}
