import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import { ErrorCode } from '../../contract/error-codes'
import type { Storage } from '../../contract/storages/schemas'
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

let app: RenderedApp | undefined
let api: FakeApi | undefined
let calls: { create: Gate; change: Gate; remove: Gate } | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  for (const gate of Object.values(calls ?? {})) gate.release()
  clearAppCookies()
  app = api = calls = undefined
})

const shelf: Storage = { id: 31, title: 'Retail shelf', type: 'goods', comment: '' }
const backRoom: Storage = { id: 32, title: 'Back room', type: 'consumables', comment: '' }

/** Anna on the Storages page; `role` gives her that preset instead of the owner's rights. */
async function openPage(options: { role?: 'administrator' } = {}) {
  api = createFakeApi([salonOne])
  calls = {
    create: createGate('post', `/storages/${salonOne.id}/`),
    change: createGate('put', `/storages/${salonOne.id}/:storageId`),
    remove: createGate('delete', `/storages/${salonOne.id}/:storageId`),
  }
  let list = [shelf, backRoom]
  server.use(
    ...Object.values(calls).map((gate) => gate.handler),
    http.get(`${apiBase}/storages/:id/`, () => ok(list)),
    http.get(`${apiBase}/companies/:id/units`, () =>
      ok([
        { id: 1, title: 'Piece', short_title: 'pcs' },
        { id: 2, title: 'Millilitre', short_title: 'ml' },
      ]),
    ),
    ...(options.role
      ? [
          http.get(`${apiBase}/company/:id/`, () =>
            ok({ ...salonOne, user_role: options.role, access: rightsForRole(options.role!) }),
          ),
        ]
      : []),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${salonOne.id}/storages`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Storages', level: 1 })
  return { setList: (next: Storage[]) => (list = next) }
}

const row = (title: string) => within(screen.getByRole('listitem', { name: title }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the Storages page', () => {
  it('lists each storage with what it holds, and the units of measure', async () => {
    await openPage()
    expect(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Storages' }),
    ).toBeTruthy()
    row('Retail shelf').getByText('Goods for sale')
    row('Back room').getByText('Consumables for services')
    const units = within(await screen.findByRole('list', { name: 'Units of measure' }))
    units.getByText('Piece')
    units.getByText('(ml)')
  })

  it('creates a storage of consumables, and says a title in use under the field', async () => {
    const page = await openPage()
    const form = within(screen.getByRole('form', { name: 'New storage' }))
    await userEvent.type(form.getByLabelText('New storage'), 'Nail bar')
    await userEvent.selectOptions(form.getByLabelText('Holds'), 'Consumables for services')
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    expect((await calls!.create.next()).body).toEqual({ title: 'Nail bar', type: 'consumables' })
    const nailBar: Storage = { id: 33, title: 'Nail bar', type: 'consumables', comment: '' }
    page.setList([shelf, backRoom, nailBar])
    await calls!.create.answer(ok(nailBar, { status: 201 }))
    await waitFor(() => expect(toastTexts()).toContain('Storage "Nail bar" created.'))
    await screen.findByRole('listitem', { name: 'Nail bar' })

    await userEvent.type(form.getByLabelText('New storage'), 'Back room')
    await userEvent.click(form.getByRole('button', { name: 'Create' }))
    await calls!.create.answer(
      fail(422, {
        message: 'Validation failed',
        errors: { title: ['a storage with this title already exists'] },
      }),
    )
    await form.findByText('A storage with this title already exists.')
  })

  it('renames a storage in place', async () => {
    await openPage()
    await userEvent.click(row('Back room').getByRole('button', { name: 'Change Back room' }))
    const form = within(screen.getByRole('form', { name: 'Change Back room' }))
    await userEvent.clear(form.getByLabelText('Title'))
    await userEvent.type(form.getByLabelText('Title'), 'Supply room')
    await userEvent.click(form.getByRole('button', { name: 'Save' }))
    const request = await calls!.change.next()
    expect(request.path).toBe(`/api/v1/storages/${salonOne.id}/${backRoom.id}`)
    expect(request.body).toEqual({ title: 'Supply room', type: 'consumables', comment: '' })
  })

  it('deletes a storage after a question, and says why the last one stays', async () => {
    const page = await openPage()
    await userEvent.click(row('Back room').getByRole('button', { name: 'Delete Back room' }))
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Back room' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    page.setList([shelf])
    await calls!.remove.answer(ok(null))
    await waitFor(() => expect(toastTexts()).toContain('Storage "Back room" deleted.'))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Back room' })).toBeNull())

    await userEvent.click(row('Retail shelf').getByRole('button', { name: 'Delete Retail shelf' }))
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Retail shelf' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await calls!.remove.answer(
      fail(409, { message: 'The company keeps at least one storage' }, ErrorCode.lastStorage),
    )
    await screen.findByText(/"Retail shelf" cannot be deleted: it is the salon's last storage/)
  })

  it('shows an administrator, who only reads storages, no control and says why', async () => {
    await openPage({ role: 'administrator' })
    screen.getByText(/You can see the storages but not change them/)
    row('Retail shelf').getByText('Goods for sale')
    expect(screen.queryByRole('button', { name: /Change|Delete|Create/ })).toBeNull()
  })
})
