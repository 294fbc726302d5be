import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { machineGraphOf, machineVersionOf } from '../../contract/flow-reviews/machine-graph'
import { onboardingMachine } from '../../machines/onboarding'
import { signInMachine } from '../../machines/sign-in'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { layoutStatechart, plainTexts } from '../../src/flows/flow-diagrams/flow-layout'
import { flowTitles } from '../../src/flows/flow-diagrams/flow-titles'
import { machineCatalog } from '../../src/flows/flow-diagrams/machine-catalog'
import { thumbnailOf } from '../../src/flows/flow-diagrams/screens/flow-screenshots'
import { statechartModelOf, type DiagramState } from '../../src/flows/flow-diagrams/statechart-model'
import { anna, createFakeApi, ok, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined

afterEach(() => {
  cleanup()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  app = api = undefined
})

/** No flow is reviewed and nothing is commented on: the pages around the diagram need only these answers. */
const reviewHandlers = () => {
  const summary = (machineId: string) => {
    const entry = machineCatalog.find((item) => item.machine.id === machineId)!
    return {
      machine_id: machineId,
      version: machineVersionOf(machineGraphOf(entry.machine)),
      open_comments: 0,
      review: null,
    }
  }
  return [
    http.get(`${apiBase}/flow_reviews`, () => ok(machineCatalog.map((entry) => summary(entry.machine.id)))),
    http.get(`${apiBase}/flow_reviews/:machineId`, ({ params }) =>
      ok({ ...summary(String(params.machineId)), comments: [] }),
    ),
  ]
}

async function openPage(path: string) {
  api = createFakeApi()
  server.use(...reviewHandlers(), ...api.handlers)
  writeCookie('access_token', api.issue('reviewer-token'))
  app = renderApp(path)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
}

const stateBox = (stateId: string) =>
  waitFor(
    () => {
      const box = document.querySelector<SVGGElement>(`[data-state-id="${stateId}"]`)
      if (!box) throw new Error(`${stateId} is not drawn yet`)
      return box
    },
    // The diagram screen is its own chunk with the layout engine: its first load takes a while.
    { timeout: 15_000 },
  )
const thumbnailIn = (box: Element) => box.querySelector<HTMLImageElement>('.state-thumbnail img')

describe('thumbnails of the screens on the diagram', () => {
  it('shows the picture of a photographed state in its box, lazily and as decoration, and none elsewhere', async () => {
    await openPage('/en/flows/signIn')
    const failed = await stateBox('signIn.form.failed')
    // The tab names the flow as the heading does.
    expect(document.title).toBe('Sign-in · Salon')
    await waitFor(() => expect(thumbnailIn(failed)).not.toBeNull())
    const picture = thumbnailIn(failed)!
    expect(picture.getAttribute('src')).toMatch(/signIn\/form\.failed\.en\.1280\.jpg/)
    expect(picture.getAttribute('loading')).toBe('lazy')
    // The box is a button named by its words; the picture adds nothing to hear.
    expect(picture.getAttribute('alt')).toBe('')
    expect(failed.getAttribute('aria-label')).toContain('The form shows why the sign-in failed')
    // A state the journeys never stop on has no picture.
    expect(thumbnailIn(await stateBox('signIn.submitting'))).toBeNull()

    // The reader can hide them; the boxes shrink back to their text.
    const heightWith = Number(failed.querySelector('.state-box')!.getAttribute('height'))
    await userEvent.click(screen.getByRole('checkbox', { name: 'Screen pictures' }))
    await waitFor(() => expect(document.querySelectorAll('.state-thumbnail')).toHaveLength(0))
    const heightWithout = Number(
      (await stateBox('signIn.form.failed')).querySelector('.state-box')!.getAttribute('height'),
    )
    expect(heightWithout).toBeLessThan(heightWith)
  }, 60_000)

  it('shows a Russian reader the Russian screen', async () => {
    await openPage('/flows/signIn')
    const signedIn = await stateBox('signIn.signedIn')
    await waitFor(() =>
      expect(thumbnailIn(signedIn)?.getAttribute('src')).toMatch(/signIn\/signedIn\.ru\.1280\.jpg/),
    )
  }, 60_000)
})

describe('where a thumbnail goes', () => {
  const model = statechartModelOf(signInMachine)
  const hasThumbnail = (state: DiagramState, collapsed: boolean) =>
    thumbnailOf('signIn', state, collapsed, 'en') !== undefined
  const words = (state: DiagramState) => state.description ?? state.key

  it('leaves room for it in the box, below the text, overlapping no other box', async () => {
    const layout = await layoutStatechart({
      model,
      texts: plainTexts(words, (transition) => transition.label),
      collapsed: new Set(),
      hasThumbnail,
    })
    const pictured = layout.states.filter((box) => box.thumbnail)
    expect(pictured.map((box) => box.state.path.join('.')).sort()).toEqual([
      'form.editing',
      'form.failed',
      'signedIn',
      'twoFactorRequired',
    ])
    for (const box of pictured) {
      const thumbnail = box.thumbnail!
      expect(thumbnail.x).toBeGreaterThanOrEqual(box.x)
      expect(thumbnail.x + thumbnail.width).toBeLessThanOrEqual(box.x + box.width)
      expect(thumbnail.y + thumbnail.height).toBeLessThanOrEqual(box.y + box.height)
      // Below the last line of text (its baseline, as the view draws it, plus descenders).
      const lastBaseline = box.y + 12 + 13 - 2 + (box.lines.length - 1) * 18
      expect(thumbnail.y).toBeGreaterThanOrEqual(lastBaseline + 4)
      const others = layout.states.filter(
        (other) =>
          other !== box && !box.state.id.startsWith(`${other.state.id}.`) && other.state.path.length > 0,
      )
      for (const other of others) {
        const apart =
          thumbnail.x + thumbnail.width <= other.x ||
          other.x + other.width <= thumbnail.x ||
          thumbnail.y + thumbnail.height <= other.y ||
          other.y + other.height <= thumbnail.y
        expect(apart, `${box.state.id}'s thumbnail overlaps ${other.state.id}`).toBe(true)
      }
    }
  })

  it('is left out when the reader hides the pictures', async () => {
    const layout = await layoutStatechart({
      model,
      texts: plainTexts(words, (transition) => transition.label),
      collapsed: new Set(),
    })
    expect(layout.states.filter((box) => box.thumbnail)).toEqual([])
  })

  it('shows a closed state by the first inner screen that has a picture, an open one by its own only', () => {
    const onboarding = statechartModelOf(onboardingMachine)
    const first = onboarding.states.find((state) => state.id === 'onboarding.first')!
    expect(thumbnailOf('onboarding', first, true, 'ru')?.url).toMatch(
      /onboarding\/first\.[a-zA-Z]+\.ru\.1280\.jpg/,
    )
    expect(thumbnailOf('onboarding', first, false, 'ru')).toBeUndefined()
    const entering = onboarding.states.find((state) => state.id === 'onboarding.entering')!
    expect(thumbnailOf('onboarding', entering, false, 'en')).toBeUndefined()
  })
})

describe('the list of flows', () => {
  it('gives every flow a title', () => {
    const untitled = machineCatalog.map(({ machine }) => machine.id).filter((id) => !flowTitles[id])
    expect(untitled, 'add a title to src/flows/flow-diagrams/flow-titles.ts').toEqual([])
  })

  it('names each flow in words with its technical id beside, and finds it by either', async () => {
    await openPage('/en/flows')
    const list = await screen.findByRole('list', { name: 'Flows' })
    expect(document.title).toBe('Flows · Salon')
    const item = (machineId: string) => list.querySelector<HTMLElement>(`li[data-machine-id="${machineId}"]`)
    await waitFor(() => expect(item('resetPassword')).not.toBeNull())
    const reset = within(item('resetPassword')!)
    expect(reset.getByRole('link', { name: 'Password reset' }).getAttribute('href')).toBe(
      '/en/flows/resetPassword',
    )
    expect(reset.getByText('resetPassword').tagName).toBe('CODE')
    expect(within(item('onlineBooking')!).getByRole('link', { name: 'Online booking' })).toBeTruthy()

    const search = screen.getByRole('searchbox', { name: 'Find a flow by its name or technical id' })
    await userEvent.type(search, 'password')
    await screen.findByText('1 flow matches.')
    expect([...list.querySelectorAll('li')].map((li) => li.dataset.machineId)).toEqual(['resetPassword'])
    await userEvent.clear(search)
    await userEvent.type(search, 'twoFactor')
    await waitFor(() =>
      expect([...list.querySelectorAll('li')].map((li) => li.dataset.machineId)).toEqual(['twoFactor']),
    )
    await userEvent.clear(search)
    await userEvent.type(search, 'nothing like this')
    await screen.findByText('No flow matches.')
  }, 30_000)

  it('names the flows in Russian for a Russian reader', async () => {
    await openPage('/flows')
    const list = await screen.findByRole('list', { name: 'Сценарии' })
    expect(document.title).toBe('Сценарии · Salon')
    await waitFor(() => expect(within(list).getByRole('link', { name: 'Сброс пароля' })).toBeTruthy())
    expect(within(list).getByRole('link', { name: 'Вход в систему' }).getAttribute('href')).toBe(
      '/flows/signIn',
    )
  }, 30_000)
})
