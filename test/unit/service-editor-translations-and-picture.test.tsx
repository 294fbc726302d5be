import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http } from 'msw'
import { afterEach, describe, expect, it } from 'vitest'
import type { Company } from '../../contract/companies/schemas'
import type { ImageGroup } from '../../contract/images/schemas'
import { apiBase } from '../../src/api/client'
import { writeCookie } from '../../src/api/cookies'
import { toastStore } from '../../src/ui/toast-store'
import { categoryReply, salonFive, serviceReply, type PlainServiceReply } from '../support/catalogue-replies'
import { anna, createFakeApi, ok, salonOne, type FakeApi } from '../support/msw-api'
import { useMswServer } from '../support/msw-server'
import { renderApp, type RenderedApp } from '../support/ui-app'
import { clearAppCookies } from '../support/ui-drivers'

const server = useMswServer()
const hair = categoryReply(7, 'Волосы')

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

/** What the fake server was asked, in order. */
interface Asked {
  saves: unknown[]
  uploads: { type: string; size: number }[]
  removals: number
}

const groupWith = (serviceId: number, url: string): ImageGroup => ({
  id: 3,
  entity: 'service',
  entity_id: serviceId,
  images: [
    { id: 9, path: url.slice(9), url, width: 1, height: 1, type: 'image/png', image_group_id: 3, version: 1 },
  ],
})

/** Opens service 41 of Salon Five (whose country speaks `languageId`) in the editor, as its owner. */
async function openEditor(service: PlainServiceReply, languageId?: number) {
  const company: Company = { ...salonFive, ...(languageId === undefined ? {} : { language_id: languageId }) }
  api = createFakeApi([salonOne, company])
  let current = service
  const asked: Asked = { saves: [], uploads: [], removals: 0 }
  server.use(
    http.get(`${apiBase}/service_categories/${company.id}/`, () => ok([hair])),
    http.get(`${apiBase}/services/${company.id}/`, () => ok([current])),
    http.get(`${apiBase}/services/${company.id}/:serviceId`, () => ok(current)),
    http.put(`${apiBase}/services/${company.id}/:serviceId`, async ({ request }) => {
      const body = (await request.json()) as Partial<PlainServiceReply>
      asked.saves.push(body)
      current = { ...current, ...body, version: (current.version ?? 1) + 1 }
      return ok(current)
    }),
    http.post(`${apiBase}/services/${company.id}/:serviceId/image`, async ({ request }) => {
      const file = (await request.formData()).get('image') as File
      asked.uploads.push({ type: file.type, size: file.size })
      const group = groupWith(current.id, `/uploads/5/new-${asked.uploads.length}.png`)
      current = { ...current, image: group.images[0]!.url, images: group.images, image_group: group }
      return ok(group)
    }),
    http.delete(`${apiBase}/services/${company.id}/:serviceId/image`, () => {
      asked.removals += 1
      current = { ...current, image: '', images: [], image_group: null }
      return ok(null)
    }),
    ...api.handlers,
  )
  writeCookie('access_token', api.issue('owner-token'))
  app = renderApp(`/en/company/${company.id}/services/${service.id}`)
  await api.session.answer(ok({ session_id: 's-1', user: anna, expires_at: '2030-01-01T00:00:00Z' }))
  await screen.findByRole('heading', { name: service.title, level: 1 })
  return asked
}

const haircut = (fields: Partial<PlainServiceReply> = {}) =>
  serviceReply({
    id: 41,
    title: 'Женская стрижка',
    category_id: hair.id,
    price_min: 2000,
    price_max: 2000,
    ...fields,
  })

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement
/** A user who picks "all files" in the chooser, so the form itself must refuse what it cannot take. */
const user = () => userEvent.setup({ applyAccept: false })
const pictureSection = () => within(screen.getByRole('region', { name: 'Picture' }))
const pictureInput = () => pictureSection().getByLabelText(/picture$/) as HTMLInputElement

describe('the title in other languages, in the service editor', () => {
  it('offers English to a Russian salon, filled as saved, and saves what the owner types', async () => {
    const asked = await openEditor(
      haircut({
        translations: [
          { language_id: 2, translation: "Women's haircut" },
          // Saved elsewhere (the API): the form does not offer German, and keeps it.
          { language_id: 16, translation: 'Damenhaarschnitt' },
        ],
      }),
      1,
    )
    const group = within(screen.getByRole('group', { name: 'Translations of the title' }))
    expect((group.getByLabelText('Title in English') as HTMLInputElement).value).toBe("Women's haircut")
    expect(group.getByLabelText('Title in English').getAttribute('lang')).toBe('en')
    expect(group.queryByLabelText('Title in Russian')).toBeNull()

    await user().clear(field('Title in English'))
    await user().type(field('Title in English'), "  Women's haircut, any length ")
    await user().click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(asked.saves).toHaveLength(1))
    expect(asked.saves[0]).toMatchObject({
      translations: [
        { language_id: 16, translation: 'Damenhaarschnitt' },
        { language_id: 2, translation: "Women's haircut, any length" },
      ],
    })
  })

  it('drops a translation the owner empties, and refuses one too long before sending', async () => {
    const asked = await openEditor(haircut({ translations: [{ language_id: 2, translation: 'Haircut' }] }))
    await user().clear(field('Title in English'))
    await user().click(field('Title in English'))
    await user().paste('x'.repeat(256))
    await user().click(screen.getByRole('button', { name: 'Save changes' }))
    expect(await screen.findByText('A translation can be at most 255 characters long.')).toBeTruthy()
    expect(field('Title in English').getAttribute('aria-invalid')).toBe('true')
    expect(asked.saves).toHaveLength(0)

    await user().clear(field('Title in English'))
    await user().click(screen.getByRole('button', { name: 'Save changes' }))
    await waitFor(() => expect(asked.saves).toHaveLength(1))
    expect(asked.saves[0]).toMatchObject({ translations: [] })
  })

  it('offers Russian to a salon whose titles are written in English', async () => {
    await openEditor(haircut({ title: "Women's haircut" }), 2)
    expect(field('Title in Russian').value).toBe('')
    expect(screen.queryByLabelText('Title in English')).toBeNull()
  })
})

describe("the service's picture, in the service editor", () => {
  it('refuses a file that is not JPEG, PNG or WebP, or over 5 MB, without sending it', async () => {
    const asked = await openEditor(haircut())
    expect(pictureSection().getByText(/No picture yet/)).toBeTruthy()

    await user().upload(pictureInput(), new File(['GIF89a'], 'cat.gif', { type: 'image/gif' }))
    expect(pictureSection().getByRole('alert').textContent).toBe('Choose a JPEG, PNG or WebP picture.')
    await user().upload(
      pictureInput(),
      new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
    )
    expect(pictureSection().getByRole('alert').textContent).toBe(
      'The picture is too large: it can be at most 5 MB.',
    )
    expect(pictureInput().getAttribute('aria-invalid')).toBe('true')
    expect(asked.uploads).toHaveLength(0)
  })

  it('uploads a picture, shows it with its alt text, replaces it and removes it after asking', async () => {
    const asked = await openEditor(haircut())
    await user().upload(pictureInput(), new File(['png bytes'], 'hair.png', { type: 'image/png' }))
    const picture = (await pictureSection().findByRole('img', {
      name: 'Picture of the service "Женская стрижка"',
    })) as HTMLImageElement
    expect(picture.getAttribute('src')).toBe('/uploads/5/new-1.png')
    expect(asked.uploads).toEqual([{ type: 'image/png', size: 9 }])
    expect(pictureSection().queryByRole('alert')).toBeNull()

    await user().upload(
      pictureSection().getByLabelText('Replace the picture'),
      new File(['webp'], 'hair.webp', { type: 'image/webp' }),
    )
    await waitFor(() =>
      expect(pictureSection().getByRole('img').getAttribute('src')).toBe('/uploads/5/new-2.png'),
    )

    await user().click(pictureSection().getByRole('button', { name: 'Remove the picture' }))
    const question = within(screen.getByRole('alertdialog', { name: 'Remove the picture' }))
    expect(asked.removals).toBe(0)
    await user().click(question.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(pictureSection().queryByRole('img')).toBeNull())
    expect(asked.removals).toBe(1)
    expect(pictureSection().getByLabelText('Upload a picture')).toBeTruthy()
  })
})
