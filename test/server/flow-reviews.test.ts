import { and, isNull, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  machineGraphOf,
  machineVersionOf,
  type MachineGraph,
} from '../../contract/flow-reviews/machine-graph'
import { discoverMachines } from '../../scripts/flow-docs/discover-machines'
import { auditLog } from '../../server/db/schema'
import { reviewableMachines } from '../../server/flow-reviews/flow-machines'
import {
  bearer,
  createTestServer,
  DEMO,
  json,
  PRODUCTION_ENV,
  signIn,
  testDatabases,
  useTestServer,
  type TestServer,
} from '../support/server-harness'

const SUPPORT = { email: 'support@example.com', password: 'demo12345' }
const signInMachine = (await discoverMachines()).find((entry) => entry.machine.id === 'signIn')!.machine
const signInGraph = machineGraphOf(signInMachine)

function requests(server: TestServer, token?: string) {
  const headers = token ? bearer(token) : {}
  const send = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) =>
    server.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    })
  return {
    list: () => send('GET', '/flow_reviews'),
    review: (machineId: string) => send('GET', `/flow_reviews/${machineId}`),
    comment: (machineId: string, body: unknown) => send('POST', `/flow_reviews/${machineId}/comments`, body),
    resolve: (machineId: string, id: number, resolved: unknown) =>
      send('PATCH', `/flow_reviews/${machineId}/comments/${id}`, { resolved }),
    mark: (machineId: string, graph: unknown) => send('PUT', `/flow_reviews/${machineId}/review`, graph),
  }
}

describe('the machines the server reviews', () => {
  it('are every machine of machines/, at the version the app computes from the same graph', async () => {
    const discovered = await discoverMachines()
    const served = reviewableMachines()
    expect([...served.keys()].sort()).toEqual(discovered.map((entry) => entry.machine.id).sort())
    for (const { machine } of discovered) {
      expect(served.get(machine.id)?.version, machine.id).toBe(machineVersionOf(machineGraphOf(machine)))
    }
  })
})

describe.each(testDatabases())('flow reviews (%s)', (kind) => {
  const server = useTestServer(kind)

  it('keeps comments on states and transitions, resolves them, and marks the version reviewed, audited', async () => {
    const api = requests(server, (await signIn(server.app)).access_token)
    const before = json(await api.list()).data as { machine_id: string; open_comments: number }[]
    expect(before.map((entry) => entry.machine_id)).toEqual([...reviewableMachines().keys()])
    expect(before.find((entry) => entry.machine_id === 'signIn')).toMatchObject({
      open_comments: 0,
      review: null,
      version: machineVersionOf(signInGraph),
    })

    const onState = await api.comment('signIn', {
      target_kind: 'state',
      target_id: 'signIn.form.failed',
      text: '  Say which field is wrong.  ',
    })
    expect(onState.statusCode, onState.body).toBe(201)
    expect(json(onState).data).toMatchObject({
      machine_id: 'signIn',
      machine_version: machineVersionOf(signInGraph),
      target_kind: 'state',
      target_id: 'signIn.form.failed',
      text: 'Say which field is wrong.',
      author: { name: expect.any(String) },
      resolved: false,
      resolved_by: null,
    })
    const transitionKey = signInGraph.transitions[0]!.key
    const onTransition = await api.comment('signIn', {
      target_kind: 'transition',
      target_id: transitionKey,
      text: 'Fine.',
    })
    expect(onTransition.statusCode, onTransition.body).toBe(201)
    const listed = json(await api.list()).data as { machine_id: string; open_comments: number }[]
    expect(listed.find((entry) => entry.machine_id === 'signIn')?.open_comments).toBe(2)

    const resolved = await api.resolve('signIn', json(onTransition).data.id, true)
    expect(resolved.statusCode, resolved.body).toBe(200)
    expect(json(resolved).data).toMatchObject({ resolved: true, resolved_by: { name: expect.any(String) } })
    const review = json(await api.review('signIn')).data
    expect(review.open_comments).toBe(1)
    expect(review.comments.map((comment: { target_id: string }) => comment.target_id)).toEqual([
      'signIn.form.failed',
      transitionKey,
    ])

    const marked = await api.mark('signIn', signInGraph)
    expect(marked.statusCode, marked.body).toBe(200)
    expect(json(marked).data).toMatchObject({
      machine_version: machineVersionOf(signInGraph),
      states: signInGraph.states.map((state) => state.id),
      transitions: signInGraph.transitions.map((transition) => transition.key),
    })
    expect(json(await api.review('signIn')).data.review.machine_version).toBe(machineVersionOf(signInGraph))

    const audited = await server.db
      .select()
      .from(auditLog)
      .where(and(like(auditLog.action, 'flow_review%'), isNull(auditLog.companyId)))
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'flow_review_comment_created',
      'flow_review_comment_created',
      'flow_review_comment_updated',
      'flow_review_created',
    ])
  })

  it('answers with the latest mark, so a mark of another graph reads as a change since the review', async () => {
    const api = requests(server, (await signIn(server.app)).access_token)
    await api.mark(
      'twoFactor',
      machineGraphOf((await discoverMachines()).find((e) => e.machine.id === 'twoFactor')!.machine),
    )
    const older: MachineGraph = {
      states: [...signInGraph.states.slice(1), { id: 'signIn.gone', description: 'A screen since removed' }],
      transitions: signInGraph.transitions.slice(1),
    }
    const marked = await api.mark('signIn', older)
    expect(json(marked).data.machine_version).toBe(machineVersionOf(older))
    expect(json(marked).data.machine_version).not.toBe(machineVersionOf(signInGraph))
    const summary = (
      json(await api.list()).data as { machine_id: string; review: { states: string[] } }[]
    ).find((entry) => entry.machine_id === 'signIn')!
    expect(summary.review.states).toContain('signIn.gone')
    expect(summary.review.states).not.toContain(signInGraph.states[0]!.id)
  })

  it.each([
    ['an unknown kind of target', { target_kind: 'screen', target_id: 'signIn.form', text: 'x' }],
    ['a state the flow does not have', { target_kind: 'state', target_id: 'signIn.nowhere', text: 'x' }],
    [
      'a transition key as a state',
      { target_kind: 'state', target_id: signInGraph.transitions[0]!.key, text: 'x' },
    ],
    ['an empty text', { target_kind: 'state', target_id: 'signIn.form', text: '   ' }],
    ['an overlong text', { target_kind: 'state', target_id: 'signIn.form', text: 'x'.repeat(2001) }],
    ['no body', undefined],
  ])('refuses a comment with %s (422)', async (_case, body) => {
    const api = requests(server, (await signIn(server.app)).access_token)
    const response = await api.comment('signIn', body)
    expect(response.statusCode, response.body).toBe(422)
  })

  it('refuses a mark without states, a resolution that is not yes or no (422), and unknown flows and comments (404)', async () => {
    const api = requests(server, (await signIn(server.app)).access_token)
    expect((await api.mark('signIn', { states: [], transitions: [] })).statusCode).toBe(422)
    expect((await api.mark('signIn', { states: 'all' })).statusCode).toBe(422)
    const comment = json(
      await api.comment('signIn', { target_kind: 'state', target_id: 'signIn.form', text: 'Clear.' }),
    ).data as { id: number }
    expect((await api.resolve('signIn', comment.id, 'yes')).statusCode).toBe(422)
    expect((await api.review('noSuchFlow')).statusCode).toBe(404)
    expect((await api.mark('noSuchFlow', signInGraph)).statusCode).toBe(404)
    expect(
      (await api.comment('noSuchFlow', { target_kind: 'state', target_id: 'a', text: 'b' })).statusCode,
    ).toBe(404)
    expect((await api.resolve('twoFactor', comment.id, true)).statusCode).toBe(404)
    expect((await api.resolve('signIn', 999_999, true)).statusCode).toBe(404)
  })

  it('refuses anonymous callers (401)', async () => {
    const api = requests(server)
    expect((await api.list()).statusCode).toBe(401)
    expect((await api.mark('signIn', signInGraph)).statusCode).toBe(401)
  })
})

describe('flow reviews on a production server', () => {
  it('are for superusers and support only, as the /flows section', async () => {
    const server = await createTestServer('pglite', { env: { ...PRODUCTION_ENV } })
    try {
      const owner = requests(server, (await signIn(server.app, DEMO.email, DEMO.password)).access_token)
      expect((await owner.list()).statusCode).toBe(403)
      const refused = await owner.comment('signIn', {
        target_kind: 'state',
        target_id: 'signIn.form',
        text: 'x',
      })
      expect(refused.statusCode).toBe(403)
      const support = requests(
        server,
        (await signIn(server.app, SUPPORT.email, SUPPORT.password)).access_token,
      )
      expect((await support.list()).statusCode).toBe(200)
      const made = await support.comment('signIn', {
        target_kind: 'state',
        target_id: 'signIn.form',
        text: 'x',
      })
      expect(made.statusCode, made.body).toBe(201)
      expect((await support.mark('signIn', signInGraph)).statusCode).toBe(200)
    } finally {
      await server.close()
    }
  })
})
