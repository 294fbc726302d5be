import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import {
  machineGraphOf,
  machineVersionOf,
  outlineOf,
  type MachineGraph,
} from '../../contract/flow-reviews/machine-graph'
import type { FlowComment, FlowReviewMark } from '../../contract/flow-reviews/schemas'
import { signInMachine } from '../../machines/sign-in'
import { twoFactorMachine } from '../../machines/two-factor'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { machineCatalog } from '../../src/flows/flow-diagrams/machine-catalog'
import { statechartModelOf } from '../../src/flows/flow-diagrams/statechart-model'
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

const reviewer = { id: anna.id, name: 'Anna Reviewer' }

/** The review store of the server, in memory: comments and the latest mark per machine. */
function createReviewStore() {
  const marks = new Map<string, FlowReviewMark>()
  const comments: FlowComment[] = []
  const sent: { method: string; path: string; body: unknown }[] = []
  const versionOf = (machineId: string) => {
    const entry = machineCatalog.find((item) => item.machine.id === machineId)
    return entry ? machineVersionOf(machineGraphOf(entry.machine)) : null
  }
  const summary = (machineId: string) => ({
    machine_id: machineId,
    version: versionOf(machineId)!,
    open_comments: comments.filter((comment) => comment.machine_id === machineId && !comment.resolved).length,
    review: marks.get(machineId) ?? null,
  })
  const mark = (machineId: string, graph: MachineGraph): FlowReviewMark => {
    const made = {
      machine_version: machineVersionOf(graph),
      reviewed_by: reviewer,
      reviewed_at: '2026-11-20T10:00:00Z',
      ...outlineOf(graph),
    }
    marks.set(machineId, made)
    return made
  }
  const handlers = [
    http.get(`${apiBase}/flow_reviews`, () => ok(machineCatalog.map((entry) => summary(entry.machine.id)))),
    http.get(`${apiBase}/flow_reviews/:machineId`, ({ params }) => {
      const machineId = String(params.machineId)
      return ok({ ...summary(machineId), comments: comments.filter((item) => item.machine_id === machineId) })
    }),
    http.put(`${apiBase}/flow_reviews/:machineId/review`, async ({ request, params }) => {
      const body = (await request.json()) as MachineGraph
      sent.push({ method: 'PUT', path: `/flow_reviews/${String(params.machineId)}/review`, body })
      return ok(mark(String(params.machineId), body))
    }),
    http.post(`${apiBase}/flow_reviews/:machineId/comments`, async ({ request, params }) => {
      const body = (await request.json()) as Pick<FlowComment, 'target_kind' | 'target_id' | 'text'>
      sent.push({ method: 'POST', path: `/flow_reviews/${String(params.machineId)}/comments`, body })
      const comment: FlowComment = {
        id: comments.length + 1,
        machine_id: String(params.machineId),
        machine_version: versionOf(String(params.machineId))!,
        ...body,
        author: reviewer,
        created_at: '2026-11-20T10:00:00Z',
        resolved: false,
        resolved_by: null,
        resolved_at: null,
      }
      comments.push(comment)
      return HttpResponse.json({ success: true, data: comment, meta: [] }, { status: 201 })
    }),
    http.patch(`${apiBase}/flow_reviews/:machineId/comments/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { resolved: boolean }
      sent.push({
        method: 'PATCH',
        path: `/flow_reviews/${String(params.machineId)}/comments/${String(params.id)}`,
        body,
      })
      const comment = comments.find((item) => item.id === Number(params.id))!
      Object.assign(comment, {
        resolved: body.resolved,
        resolved_by: body.resolved ? reviewer : null,
        resolved_at: body.resolved ? '2026-11-21T10:00:00Z' : null,
      })
      return ok(comment)
    }),
  ]
  return { handlers, mark, comments, sent }
}

async function openPage(path: string, store: ReturnType<typeof createReviewStore>) {
  api = createFakeApi()
  server.use(...store.handlers, ...api.handlers)
  writeCookie('access_token', api.issue('reviewer-token'))
  app = renderApp(path)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
}

const flowItem = (machineId: string) => {
  const item = document.querySelector<HTMLElement>(`li[data-machine-id="${machineId}"]`)
  if (!item) throw new Error(`no list item for ${machineId}`)
  return item
}

describe('reviewing flows', () => {
  it('lists each flow as reviewed, not reviewed or changed since reviewed, with its open comments', async () => {
    const store = createReviewStore()
    store.mark('signIn', machineGraphOf(signInMachine))
    const twoFactor = machineGraphOf(twoFactorMachine)
    store.mark('twoFactor', {
      states: [...twoFactor.states.slice(1), { id: 'twoFactor.retired', description: 'A retired screen' }],
      transitions: twoFactor.transitions,
    })
    store.comments.push({
      id: 1,
      machine_id: 'signIn',
      machine_version: 'old',
      target_kind: 'state',
      target_id: 'signIn.form',
      text: 'Clear.',
      author: reviewer,
      created_at: '2026-11-20T10:00:00Z',
      resolved: false,
      resolved_by: null,
      resolved_at: null,
    })
    await openPage('/en/flows', store)
    await waitFor(() => expect(flowItem('signIn').textContent).toContain('Reviewed by Anna Reviewer'))
    expect(flowItem('signIn').textContent).toContain('1 open comment')
    expect(flowItem('twoFactor').textContent).toContain('Changed since reviewed')
    expect(flowItem('twoFactor').textContent).toContain('1 added, 1 removed')
    expect(flowItem('invite').textContent).toContain('Not reviewed')
    expect(flowItem('invite').textContent).toContain('no open comments')
  })

  it('marks the version on the screen reviewed and shows what changed since a review of another version', async () => {
    const store = createReviewStore()
    const graph = machineGraphOf(signInMachine)
    await openPage('/en/flows/signIn', store)
    // The diagram screen is its own chunk with the layout engine: its first load takes a while.
    const review = await screen.findByRole('region', { name: 'Review' }, { timeout: 15_000 })
    await within(review).findByText('Not reviewed')
    await userEvent.click(within(review).getByRole('button', { name: 'Mark this version reviewed' }))
    await within(review).findByText(/^Reviewed/)
    expect(store.sent).toEqual([{ method: 'PUT', path: '/flow_reviews/signIn/review', body: graph }])

    // Another version is signed off later (as a deployment of another machine would leave it): the diff shows.
    store.mark('signIn', {
      states: [...graph.states.slice(1), { id: 'signIn.retired', description: 'A retired screen' }],
      transitions: graph.transitions.slice(1),
    })
    await app!.queryClient.invalidateQueries({ queryKey: ['flow-reviews'] })
    await within(review).findByText(/^Changed since reviewed/)
    // Added items read in the diagram's words (the technical id only on demand); a removed one is known by its id.
    const added = within(within(review).getByRole('region', { name: 'States added' })).getByRole('listitem')
    expect(added.getAttribute('data-diff-id')).toBe(graph.states[0]!.id)
    expect(added.textContent).toBe('The sign-in form')
    const removed = within(review).getByRole('region', { name: 'States removed' })
    expect(within(removed).getByText('signIn.retired')).toBeTruthy()
    const addedTransition = within(
      within(review).getByRole('region', { name: 'Transitions added' }),
    ).getByRole('listitem')
    expect(addedTransition.getAttribute('data-diff-id')).toBe(graph.transitions[0]!.key)
    expect(addedTransition.textContent).not.toContain(graph.transitions[0]!.key)
    expect(within(review).queryByRole('region', { name: 'Transitions removed' })).toBeNull()
  }, 60_000)

  it('comments on a state and on one of its transitions, and resolves a comment', async () => {
    const store = createReviewStore()
    await openPage('/en/flows/signIn', store)
    const failed = await waitFor(
      () => {
        const box = document.querySelector<HTMLElement>('[data-state-id="signIn.form.failed"]')
        if (!box) throw new Error('not drawn yet')
        return box
      },
      { timeout: 15_000 },
    )
    await userEvent.click(failed)
    const comments = await screen.findByRole('region', { name: 'Review comments' })
    await within(comments).findByText('No comments on this state or its transitions yet.')

    await userEvent.click(within(comments).getByRole('button', { name: 'Add comment' }))
    await within(comments).findByText('Write the comment first.')
    expect(store.sent).toEqual([])

    await userEvent.type(within(comments).getByLabelText('Comment'), 'Say which field is wrong.')
    await userEvent.click(within(comments).getByRole('button', { name: 'Add comment' }))
    await within(comments).findByText('Say which field is wrong.')

    const outgoing = statechartModelOf(signInMachine).transitions.find(
      (transition) => transition.source === 'signIn.form.failed',
    )!
    await userEvent.selectOptions(within(comments).getByLabelText('About'), outgoing.key)
    await userEvent.type(within(comments).getByLabelText('Comment'), 'Fine.')
    await userEvent.click(within(comments).getByRole('button', { name: 'Add comment' }))
    await within(comments).findByText('Fine.')
    expect(store.sent.map(({ body }) => body)).toEqual([
      { target_kind: 'state', target_id: 'signIn.form.failed', text: 'Say which field is wrong.' },
      { target_kind: 'transition', target_id: outgoing.key, text: 'Fine.' },
    ])

    await userEvent.click(within(comments).getAllByRole('button', { name: 'Resolve' })[0]!)
    await within(comments).findByRole('button', { name: 'Reopen' })
    expect(store.sent.at(-1)).toEqual({
      method: 'PATCH',
      path: '/flow_reviews/signIn/comments/1',
      body: { resolved: true },
    })
    const review = screen.getByRole('region', { name: 'Review' })
    await within(review).findByText(/1 open comment/)
  }, 60_000)
})
