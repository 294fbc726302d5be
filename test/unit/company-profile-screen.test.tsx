import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import { rightsForRole } from '../../contract/access/role-presets'
import type { CompanyProfile } from '../../contract/companies/profile-schemas'
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
let save: Gate | undefined

afterEach(() => {
  cleanup()
  toastStore.clear()
  app?.session.stop()
  api?.release()
  save?.release()
  clearAppCookies()
  app = api = save = undefined
})

const russia = {
  id: 1,
  iso_code: 'RU',
  title: 'Russia',
  lang_id: 1,
  phone_code: '7',
  phone_example: '+7 912 345-67-89',
  phone_template: '+7 XXX XXX-XX-XX',
  phone_lengths: [10],
  currency: 'RUB',
  flag: '',
  has_states: true,
}

const savedProfile: CompanyProfile = {
  id: salonOne.id,
  title: 'Salon One',
  country_id: 1,
  timezone: 'Europe/Moscow',
  address: 'Tverskaya 1',
  city_id: 524901,
  city_title: 'Moscow',
  phone: '74951234567',
  business_type_id: 11,
  logo_url: '',
  booking_form_header_url: '',
  profile_version: 3,
}

/** Anna on the profile page of Salon One; `readOnly` leaves her without the flag that edits the company. */
async function openPage(options: { readOnly?: boolean } = {}) {
  api = createFakeApi([salonOne])
  save = createGate('put', `/company/${salonOne.id}`)
  let profile = savedProfile
  const access = options.readOnly
    ? { ...rightsForRole('manager'), options_company_edit_access: false }
    : rightsForRole('owner')
  server.use(
    save.handler,
    http.get(`${apiBase}/company/:id/`, () => ok({ ...salonOne, ...profile, access })),
    http.get(`${apiBase}/countries`, () => ok([russia])),
    http.get(`${apiBase}/references/business_groups_with_types`, () =>
      ok([
        {
          id: 1,
          slug: 'beauty',
          title: 'Beauty',
          types: [
            { id: 11, slug: 'salon', title: 'Beauty salon' },
            { id: 12, slug: 'barbershop', title: 'Barbershop' },
          ],
        },
      ]),
    ),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${salonOne.id}/profile`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: 'Company profile', level: 1 })
  return { setProfile: (next: CompanyProfile) => (profile = next) }
}

const form = () => within(screen.getByRole('form', { name: 'Company profile' }))
const toastTexts = () => toastStore.snapshot().map((toast) => toast.message)

describe('the company profile page', () => {
  it('is in the navigation and shows the saved profile', async () => {
    await openPage()
    const nav = screen.getByRole('navigation', { name: 'Sections' })
    expect(within(nav).getByRole('link', { name: 'Company profile' }).getAttribute('href')).toBe(
      `/en/company/${salonOne.id}/profile`,
    )
    expect((form().getByLabelText('Company name') as HTMLInputElement).value).toBe('Salon One')
    expect((form().getByLabelText('Address') as HTMLInputElement).value).toBe('Tverskaya 1')
    expect((form().getByLabelText('City') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
      'Moscow',
    )
    expect((form().getByLabelText('Time zone') as HTMLSelectElement).value).toBe('Europe/Moscow')
    expect((form().getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('+74951234567')
    await waitFor(() =>
      expect(
        (form().getByLabelText('Type of business') as HTMLSelectElement).selectedOptions[0]!.textContent,
      ).toBe('Beauty salon'),
    )
  })

  it('saves what was typed with the version it was opened from, the phone read in the company’s country', async () => {
    await openPage()
    const address = form().getByLabelText('Address')
    await userEvent.clear(address)
    await userEvent.type(address, '  Arbat 5 ')
    const phone = form().getByLabelText(/^Phone/)
    await userEvent.clear(phone)
    await userEvent.type(phone, '8 (916) 123-45-67')
    await userEvent.selectOptions(form().getByLabelText('Type of business'), 'Barbershop')
    await userEvent.click(form().getByRole('button', { name: 'Save the profile' }))
    const request = await save!.next()
    expect(request.body).toEqual({
      title: 'Salon One',
      address: 'Arbat 5',
      city_id: 524901,
      timezone: 'Europe/Moscow',
      phone: '+79161234567',
      business_type_id: 12,
      expected_version: 3,
    })
    await save!.answer(ok({ ...savedProfile, address: 'Arbat 5', profile_version: 4 }))
    await waitFor(() => expect(toastTexts()).toContain('The company profile is saved.'))
  })

  it('refuses an empty name and a phone that is no number before sending anything', async () => {
    await openPage()
    await userEvent.clear(form().getByLabelText('Company name'))
    const phone = form().getByLabelText(/^Phone/)
    await userEvent.clear(phone)
    await userEvent.type(phone, '+7 12')
    await userEvent.click(form().getByRole('button', { name: 'Save the profile' }))
    await screen.findByText('Enter the company name.')
    screen.getByText('Enter a valid phone number, for example +7 495 123-45-67.')
    expect(save!.count).toBe(0)
  })

  it('says what a new time zone changes before it is saved', async () => {
    await openPage()
    expect(screen.queryByRole('note', { name: 'What a new time zone changes' })).toBeNull()
    await userEvent.selectOptions(form().getByLabelText('Time zone'), 'Asia/Yekaterinburg')
    const note = within(screen.getByRole('note', { name: 'What a new time zone changes' }))
    note.getByText(/kept in local time: "10:00 to 20:00" stays 10:00 to 20:00, now in Asia\/Yekaterinburg/)
  })

  it('when someone saved meanwhile, says so and loads their version on request', async () => {
    const page = await openPage()
    const address = form().getByLabelText('Address')
    await userEvent.clear(address)
    await userEvent.type(address, 'Mine')
    await userEvent.click(form().getByRole('button', { name: 'Save the profile' }))
    await save!.next()
    page.setProfile({ ...savedProfile, address: 'Theirs', profile_version: 4 })
    await save!.answer(fail(409, { message: 'The profile was changed by someone else' }))
    const alert = await screen.findByRole('alert')
    within(alert).getByText(/Someone saved the company profile after you opened it/)
    await userEvent.click(within(alert).getByRole('button', { name: 'Load their version' }))
    await waitFor(() => expect((form().getByLabelText('Address') as HTMLInputElement).value).toBe('Theirs'))
    expect(screen.queryByText(/Someone saved the company profile/)).toBeNull()
  })

  it('is read-only without the flag that edits the company', async () => {
    await openPage({ readOnly: true })
    screen.getByText(/You can see the company profile but not change it/)
    expect(form().getByLabelText('Company name').matches(':disabled')).toBe(true)
    expect(form().queryByRole('button', { name: 'Save the profile' })).toBeNull()
    expect(screen.queryByLabelText('Upload a picture')).toBeNull()
  })
})
