import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { http, type HttpHandler } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { anna, createFakeApi, ok, salonOne, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()

let app: RenderedApp | undefined
let api: FakeApi | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  clearAppCookies()
  app = api = undefined
})

const memberId = 9

/** Anna on a member's rights page of Salon One, with her own role there and the member's role. */
async function openRights(options: {
  annaRole: string
  memberRole: string
  memberId?: number
  /** Replies that answer before the usual ones. */
  first?: HttpHandler[]
}) {
  const userId = options.memberId ?? memberId
  api = createFakeApi([{ ...salonOne, user_role: options.annaRole }])
  server.use(
    ...(options.first ?? []),
    http.get(`${apiBase}/company/${salonOne.id}/users/${userId}/rights`, () =>
      ok({ user_id: userId, user_role: options.memberRole, rights: rightsForRole(options.memberRole) }),
    ),
    http.get(`${apiBase}/company/${salonOne.id}/users/${userId}/rights/history`, () =>
      ok([
        {
          id: 1,
          user_id: userId,
          changed_by: { id: 1, name: 'Olga Owner' },
          changed_at: '2026-11-20T10:00:00Z',
          changes: [
            { key: 'settings_master_access', from: false, to: true },
            { key: 'timetable_access', from: true, to: false },
            { key: 'edit_records_last_days_count', from: 1, to: 3 },
          ],
        },
      ]),
    ),
    http.get(`${apiBase}/staff/users`, () =>
      ok([
        { id: userId, name: 'Vera Petrova', user_role: options.memberRole, position_id: null, staff_id: 31 },
      ]),
    ),
    http.get(`${apiBase}/accounts/${salonOne.id}/`, () => ok([])),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('token'))
  app = renderApp(`/en/company/${salonOne.id}/team/${userId}/rights`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Rights of Vera Petrova', level: 1 })
}

const flagBox = (flag: string) => document.querySelector<HTMLInputElement>(`input[name="${flag}"]`)!

describe('the rights page', () => {
  it('is read-only with the reason for a member who may not change rights', async () => {
    // A manager reads the team's rights (users_access) but may not change them.
    await openRights({ annaRole: 'manager', memberRole: 'specialist' })
    screen.getByText(/your rights in this company do not include changing the team's rights/)
    expect(screen.queryByRole('button', { name: /Review and save$/ })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Role presets' })).toBeNull()
    fireEvent.change(screen.getByLabelText('Find a right'), { target: { value: 'settings_master_access' } })
    await waitFor(() => expect(flagBox('settings_master_access').disabled).toBe(true))
    // The limits' fieldset is disabled, which disables every field in it.
    expect(screen.getByLabelText('Edit appointments of the last … days').matches(':disabled')).toBe(true)
  })

  it("shows the owner's rights as every right, locked, with the reason, and offers nothing to reduce", async () => {
    await openRights({ annaRole: 'owner', memberRole: 'owner' })
    screen.getByText(/This is the owner of the company: they hold every right/)
    expect(screen.queryByRole('button', { name: /Review and save$/ })).toBeNull()
    expect(screen.getAllByText('7 of 7 granted')).toHaveLength(3)
    expect(screen.getByText('26 of 26 granted')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Find a right'), { target: { value: 'billing_access' } })
    await waitFor(() => expect(flagBox('billing_access').checked).toBe(true))
    expect(flagBox('billing_access').disabled).toBe(true)
  })

  it('shows the history of changes in words, with who made them', async () => {
    await openRights({ annaRole: 'owner', memberRole: 'specialist' })
    const history = screen.getByRole('region', { name: 'History of changes' })
    await waitFor(() => expect(history.textContent).toContain('Olga Owner'))
    expect(history.textContent).toContain('Granted: Staff.')
    expect(history.textContent).toContain('Taken away: Appointment book.')
    expect(history.textContent).toContain('Edit appointments of the last … days: from 1 days to 3 days.')
  })

  it('ticks and locks the read flag when its edit flag is ticked, and counts it in the group', async () => {
    await openRights({ annaRole: 'owner', memberRole: 'specialist' })
    screen.getByText('0 of 26 granted')
    fireEvent.change(screen.getByLabelText('Find a right'), { target: { value: 'kkm_settings' } })
    await waitFor(() => expect(flagBox('kkm_settings_update_access')).toBeTruthy())
    expect(flagBox('kkm_settings_read_access').checked).toBe(false)
    fireEvent.click(flagBox('kkm_settings_update_access'))
    expect(flagBox('kkm_settings_read_access').checked).toBe(true)
    expect(flagBox('kkm_settings_read_access').disabled).toBe(true)
    screen.getByText('Needed by “Change cash register settings”, which is ticked.')
    screen.getByText('2 of 26 granted')
    // Unticking the edit flag frees the read flag again.
    fireEvent.click(flagBox('kkm_settings_update_access'))
    expect(flagBox('kkm_settings_read_access').disabled).toBe(false)
    expect(screen.getByRole('button', { name: /Review and save$/ })).toHaveProperty('disabled', false)
  })

  it("chooses the one appointment group among the company's halls and departments, and names it in the preview", async () => {
    const previews: unknown[] = []
    const first = [
      http.get(`${apiBase}/company/:id/record_groups`, () =>
        ok([
          { id: 7, title: 'Hair hall', staff: [] },
          { id: 8, title: 'Nails', staff: [] },
        ]),
      ),
      http.post(`${apiBase}/company/${salonOne.id}/users/${memberId}/rights/preview`, async ({ request }) => {
        previews.push(await request.json())
        return ok({ changes: [{ key: 'restricted_record_group_id', from: null, to: 7 }] })
      }),
    ]
    await openRights({ annaRole: 'owner', memberRole: 'specialist', first })
    const field = screen.getByLabelText<HTMLSelectElement>('Only one appointment group')
    await waitFor(() =>
      expect([...field.options].map((option) => option.text)).toEqual([
        'Every hall and department',
        'Hair hall',
        'Nails',
      ]),
    )
    expect(field.value).toBe('')
    fireEvent.change(field, { target: { value: '7' } })
    fireEvent.click(screen.getByRole('button', { name: /Review and save$/ }))
    await screen.findByText('Only one appointment group: from no limit to Hair hall.')
    expect(previews).toEqual([{ rights: { restricted_record_group_id: 7 } }])
  })
})
