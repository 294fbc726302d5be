import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import type { RecordGroup } from '../../contract/record-groups/schemas'
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

interface GroupCalls {
  create: Gate
  rename: Gate
  remove: Gate
}

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: GroupCalls | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const hall: RecordGroup = {
  id: 7,
  title: 'Hair hall',
  staff: [
    { id: 11, name: 'Maria Ivanova' },
    { id: 12, name: 'Olga Petrova' },
  ],
}
const nails: RecordGroup = { id: 8, title: 'Nails', staff: [] }

/** Anna on the halls and departments page of Salon One; `readOnly` takes the staff-editing flag away. */
async function openPage(options: { readOnly?: boolean; groups?: RecordGroup[] } = {}) {
  api = createFakeApi([salonOne])
  calls = {
    create: createGate('post', `/company/${salonOne.id}/record_groups`),
    rename: createGate('put', `/company/${salonOne.id}/record_groups/:groupId`),
    remove: createGate('delete', `/company/${salonOne.id}/record_groups/:groupId`),
  }
  let list = options.groups ?? [hall, nails]
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    http.get(`${apiBase}/company/:id/record_groups`, () => ok(list)),
    ...(options.readOnly
      ? [
          http.get(`${apiBase}/company/:id/`, () =>
            ok({
              ...salonOne,
              user_role: 'administrator',
              access: { ...rightsForRole('administrator'), settings_master_edit_access: false },
            }),
          ),
        ]
      : []),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${salonOne.id}/record-groups`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Halls and departments', level: 1 })
  return { setList: (next: RecordGroup[]) => (list = next) }
}

const row = (title: string) => within(screen.getByRole('listitem', { name: title }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the halls and departments page', () => {
  it('is listed in the navigation and shows each group with who works in it', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Halls and departments' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/record-groups`,
    )
    expect(document.title).toContain('Halls and departments')
    row('Hair hall').getByText('Maria Ivanova, Olga Petrova')
    row('Nails').getByText('Nobody works here yet')
  })

  it('says when there are no groups yet', async () => {
    await openPage({ groups: [] })
    screen.getByText(/There are no halls or departments yet/)
  })

  it('creates a group with the title typed, and checks an empty one before sending', async () => {
    const page = await openPage()
    const form = within(screen.getByRole('form', { name: 'New hall or department' }))
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    await form.findByText('Enter the title of the hall or department.')
    expect(calls!.create.count).toBe(0)
    await userEvent.type(form.getByLabelText('New hall or department'), '  Spa ')
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    const request = await calls!.create.next()
    expect(request.body).toEqual({ title: 'Spa' })
    const spa = { id: 9, title: 'Spa', staff: [] }
    page.setList([hall, nails, spa])
    await calls!.create.answer(ok(spa, { status: 201 }))
    await waitFor(() => expect(toastTexts()).toContain('"Spa" created.'))
    await screen.findByRole('listitem', { name: 'Spa' })
    expect((form.getByLabelText('New hall or department') as HTMLInputElement).value).toBe('')
  })

  it('renames a group in place, and keeps the form with the toast when the server refuses', async () => {
    await openPage()
    await userEvent.click(row('Nails').getByRole('button', { name: 'Rename Nails' }))
    const form = within(screen.getByRole('form', { name: 'Rename Nails' }))
    await userEvent.clear(form.getByLabelText('Title'))
    await userEvent.type(form.getByLabelText('Title'), 'Nail studio')
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    const request = await calls!.rename.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/record_groups/${nails.id}`)
    expect(request.body).toEqual({ title: 'Nail studio' })
    await calls!.rename.answer(fail(500, { message: 'Database unavailable' }))
    await waitFor(() =>
      expect(toastTexts()).toContain(
        'The server could not complete the request. Please try again in a moment.',
      ),
    )
    expect((form.getByLabelText('Title') as HTMLInputElement).value).toBe('Nail studio')
  })

  it('asks before deleting a group, naming who is left without one, and deletes it', async () => {
    const page = await openPage()
    await userEvent.click(row('Hair hall').getByRole('button', { name: 'Delete Hair hall' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Delete Hair hall' }))
    question.getByText(/Maria Ivanova, Olga Petrova will be left without a hall or department/)
    await userEvent.click(question.getByRole('button', { name: 'Delete' }))
    const request = await calls!.remove.next()
    expect(request.path).toBe(`/api/v1/company/${salonOne.id}/record_groups/${hall.id}`)
    page.setList([nails])
    await calls!.remove.answer(ok(null))
    await waitFor(() => expect(toastTexts()).toContain('"Hair hall" deleted.'))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Hair hall' })).toBeNull())
  })

  it('shows a member who may not edit the staff no control, and says why', async () => {
    await openPage({ readOnly: true })
    row('Hair hall').getByText('Maria Ivanova, Olga Petrova')
    screen.getByText(/You can see the halls and departments but not change them/)
    expect(screen.queryByRole('form', { name: 'New hall or department' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Rename|Delete|Create/ })).toBeNull()
  })
})
