import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import { ErrorCode } from '../../contract/error-codes'
import type { Position } from '../../contract/positions/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import {
  anna,
  createFakeApi,
  createGate,
  fail,
  ok,
  salonOne,
  type FakeApi,
  type Gate,
} from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

interface PositionCalls {
  create: Gate
  rename: Gate
  remove: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: PositionCalls | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const stylist: Position = { id: 11, title: 'Stylist', services_binding_type: 0, count_linked_services: 3 }
const trainee: Position = { id: 12, title: 'Trainee', services_binding_type: 0, count_linked_services: 0 }

/** Anna on the Positions page of Salon One; `readOnly` gives her only the flag to read positions. */
async function openPage(options: { readOnly?: boolean } = {}) {
  api = createFakeApi([salonOne])
  calls = {
    create: createGate('post', `/company/${salonOne.id}/positions`),
    rename: createGate('put', `/company/${salonOne.id}/positions/:positionId`),
    remove: createGate('delete', `/company/${salonOne.id}/positions/:positionId`),
  }
  let list = [stylist, trainee]
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    http.get(`${apiBase}/company/:id/positions`, () => ok(list)),
    ...(options.readOnly
      ? [
          http.get(`${apiBase}/company/:id/`, () =>
            ok({
              ...salonOne,
              user_role: 'manager',
              access: {
                ...rightsForRole('manager'),
                settings_positions_create_access: false,
                settings_positions_edit_access: false,
                settings_positions_delete_access: false,
              },
            }),
          ),
        ]
      : []),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${salonOne.id}/positions`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Positions', level: 1 })
  return { setList: (next: Position[]) => (list = next) }
}

const row = (title: string) => within(screen.getByRole('listitem', { name: title }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the Positions page', () => {
  it('is listed in the navigation and shows each position with its linked services', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Positions' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/positions`,
    )
    expect(document.title).toContain('Positions')
    row('Stylist').getByText('3 linked services')
    row('Trainee').getByText('no linked services')
  })

  it('creates a position with the title typed, and says so', async () => {
    const page = await openPage()
    const form = within(screen.getByRole('form', { name: 'New position' }))
    await userEvent.type(form.getByLabelText('New position'), '  Colorist ')
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    const request = await calls!.create.next()
    expect(request.body).toEqual({ title: 'Colorist', services_binding_type: 0 })
    const colorist = { ...trainee, id: 13, title: 'Colorist' }
    page.setList([colorist, stylist, trainee])
    await calls!.create.answer(ok(colorist, { status: 201 }))
    await waitFor(() => expect(toastTexts()).toContain('Position "Colorist" created.'))
    await screen.findByRole('listitem', { name: 'Colorist' })
    expect((form.getByLabelText('New position') as HTMLInputElement).value).toBe('')
  })

  it('renames a position in place, and keeps the form with the toast when the server refuses', async () => {
    await openPage()
    await userEvent.click(row('Stylist').getByRole('button', { name: 'Rename Stylist' }))
    const form = within(screen.getByRole('form', { name: 'Rename Stylist' }))
    await userEvent.clear(form.getByLabelText('Title'))
    await userEvent.type(form.getByLabelText('Title'), 'Senior stylist')
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    const request = await calls!.rename.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/positions/${stylist.id}`)
    expect(request.body).toEqual({ title: 'Senior stylist' })
    await calls!.rename.answer(fail(500, { message: 'Database unavailable' }))
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'The server could not complete the request. Please try again in a moment.',
      ),
    )
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Senior stylist')
  })

  it('asks before deleting, and when people still hold the position says who', async () => {
    await openPage()
    await userEvent.click(row('Stylist').getByRole('button', { name: 'Delete Stylist' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Delete Stylist' }))
    question.getByText('Delete the position "Stylist"?')
    await userEvent.click(question.getByRole('button', { name: 'Delete' }))
    const request = await calls!.remove.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/positions/${stylist.id}`)
    await calls!.remove.answer(refusedAsHeld({ staff: ['Maria Ivanova', 'Olga Petrova'], members: ['Anna'] }))
    await screen.findByText(/"Stylist" cannot be deleted while people hold it/)
    const refusal = within(screen.getByRole('alertdialog', { name: 'Delete Stylist' }))
    refusal.getByText('Staff members: Maria Ivanova and Olga Petrova.')
    refusal.getByText('Team members with access to the company: Anna.')
    expect(refusal.queryByRole('button', { name: 'Delete' })).toBeNull()
    await userEvent.click(refusal.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('alertdialog')).toBeNull()
    screen.getByRole('listitem', { name: 'Stylist' })
  })

  it('deletes a position nobody holds, and says so', async () => {
    const page = await openPage()
    await userEvent.click(row('Trainee').getByRole('button', { name: 'Delete Trainee' }))
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Trainee' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    page.setList([stylist])
    await calls!.remove.answer(ok(null))
    await waitFor(() => expect(toastTexts()).toContain('Position "Trainee" deleted.'))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Trainee' })).toBeNull())
  })

  it('shows a member who may only read the positions no control, and says why', async () => {
    await openPage({ readOnly: true })
    row('Stylist').getByText('3 linked services')
    screen.getByText(/You can see the positions but not change them/)
    expect(screen.queryByRole('form', { name: 'New position' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Rename|Delete|Create/ })).toBeNull()
  })
})

/** The server's refusal to delete a position that people hold (409, code 3001, with their names). */
function refusedAsHeld(usedBy: { staff: string[]; members: string[] }) {
  return Response.json(
    {
      success: false,
      data: null,
      meta: { message: 'The position is still held by employees or team members' },
      errors: {
        code: ErrorCode.positionInUse,
        message: 'The position is still held by employees or team members',
        used_by: usedBy,
      },
    },
    { status: 409 },
  )
}
