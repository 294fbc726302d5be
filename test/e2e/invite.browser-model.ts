import { expect } from 'vitest'
import { inviteMachine } from '../../machines/invite'
import type { BrowserModel, Journey } from '../support/browser-model-journeys'
import { apiCall, latestMessage, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'

const pendingInvite = { status: 'pending' } as const
const withdrawn = { status: 410, message: 'This invitation was withdrawn' }

/** The owner of Northern Barbers, who sends and withdraws the invitations: signed in once per server. */
const owners = new Map<string, { token: string; companyId: number }>()
let invited = 0

async function ownerOf(origin: string) {
  let owner = owners.get(origin)
  if (!owner) {
    owner = await signInThroughApi(origin, 'other@example.com', 'demo12345')
    owners.set(origin, owner)
  }
  return owner
}

/** Invites `email` for real and answers the invite's id and the link path from the message. */
async function invite(origin: string, email: string) {
  const owner = await ownerOf(origin)
  const sent = await apiCall<{ id: number }>(origin, `/company/${owner.companyId}/invites`, {
    token: owner.token,
    body: { email, role: 'specialist', lang: 'en' },
  })
  expect(sent.status).toBe(201)
  const text = (await latestMessage(origin, email))!.text
  const link = new URL(/https?:\/\/\S+\/invite\/[\w-]+/.exec(text)![0]).pathname
  return { id: sent.data.id, link }
}

async function withdraw(journey: Journey) {
  const owner = await ownerOf(journey.origin)
  const revoked = await apiCall(
    journey.origin,
    `/company/${owner.companyId}/invites/${journey.data.inviteId as number}`,
    { method: 'DELETE', token: owner.token },
  )
  expect(revoked.status).toBe(200)
}

/** The invite machine in Chromium: invitations sent, withdrawn and used on the real server. */
export const inviteBrowserModel: BrowserModel = {
  machine: inviteMachine,
  options: {
    input: { token: 'from-the-link' },
    events: {
      'xstate.done.actor.loadInvite': [
        { output: { invite: pendingInvite, signedIn: false } },
        { output: { invite: pendingInvite, signedIn: true } },
        { output: { invite: { status: 'revoked' }, signedIn: false } },
      ],
      'xstate.error.actor.loadInvite': [{ error: { status: 404 } }],
      'invite.accept': [{}],
      'xstate.done.actor.acceptInvite': [{ output: { company_id: 1 } }],
      'xstate.error.actor.acceptInvite': [{ error: withdrawn }, { error: { status: 401 } }],
      'registration.submitted': [{ form: {} }],
      'invite.signInChosen': [{}],
      'xstate.done.actor.register': [{ output: {} }],
      'xstate.error.actor.register': [{ error: withdrawn }, { error: { status: 422 } }],
    },
  },
  unreachable: {},
  async act(journey, step, next) {
    const { page, origin } = journey
    const { event } = step
    const reply = next?.event as
      | {
          type: string
          output?: { invite: { status: string }; signedIn: boolean }
          error?: { status: number }
        }
      | undefined
    switch (event.type) {
      case 'xstate.init': {
        if (reply?.type.startsWith('xstate.error.')) {
          await page.goto(`${origin}/en/invite/no-such-invitation?inspect=1`)
          return
        }
        invited += 1
        const email = `invited-${invited}@example.com`
        const sent = await invite(origin, email)
        journey.data.inviteId = sent.id
        journey.data.email = email
        if (reply?.output?.invite.status !== 'pending') await withdraw(journey)
        if (reply?.output?.signedIn) {
          await page.goto(`${origin}/en/signin?inspect=1`)
          await signInOnPage(page, 'demo@example.com', 'demo12345')
          await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
        }
        await page.goto(`${origin}${sent.link}?inspect=1`)
        return
      }
      case 'invite.accept':
        if (reply?.error?.status === 410) await withdraw(journey)
        if (reply?.error?.status === 401) {
          // The user signed out in another tab: the accept call is no longer authorised.
          const other = await journey.context.newPage()
          await other.goto(`${origin}/en`)
          await other.getByRole('button', { name: 'Sign out' }).click()
          await other.getByRole('heading', { name: 'Sign in' }).waitFor()
          await other.close()
        }
        await page.getByRole('button', { name: 'Accept the invitation' }).click()
        return
      case 'registration.submitted': {
        if (reply?.error?.status === 410) await withdraw(journey)
        // A very common password is refused by the server with a field message.
        const password = reply?.error?.status === 422 ? 'password1' : 'a long enough password'
        await page.getByLabel('Your name').fill('Nina Newcomer')
        await page.getByLabel('Phone').fill('+7 900 333-44-55')
        await page.getByLabel('Password', { exact: true }).fill(password)
        await page.getByLabel('Repeat the password').fill(password)
        await page.getByLabel('I accept the terms of service and the privacy policy').check()
        await page.getByRole('button', { name: 'Join' }).click()
        return
      }
      case 'invite.signInChosen':
        await page.getByRole('button', { name: 'Sign in to accept' }).click()
        return
      default:
      // Replies answer the step before.
    }
  },
  see: {
    loading: null,
    'accept.idle': async ({ page }) => {
      await page.getByRole('button', { name: 'Accept the invitation' }).waitFor()
    },
    'accept.accepting': null,
    'register.editing': async ({ page }) => {
      await page.getByRole('heading', { name: 'Join the team' }).waitFor()
      await page.getByRole('button', { name: 'Join' }).waitFor()
    },
    'register.registering': null,
    unavailable: async ({ page }) => {
      await page
        .getByRole('heading', {
          name: /This invitation (has already been used|has expired|was withdrawn|does not exist)/,
        })
        .waitFor()
    },
    // invite_authorize: sign-in, which returns to the invitation afterwards.
    authorize: async ({ page }) => {
      await page.getByRole('heading', { name: 'Sign in' }).waitFor()
      expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/en\/invite\/[\w-]+$/)
    },
    joined: async ({ page }) => {
      await page.getByRole('heading', { name: 'Northern Barbers', level: 1 }).waitFor()
    },
  },
}
