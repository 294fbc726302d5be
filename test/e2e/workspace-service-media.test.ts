import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'
import { apiCall, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'
import { PNG } from '../support/multipart-upload'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer({})
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  const exitCode = await server?.stop()
  expect(exitCode).toBe(0)
})

describe("a service's English title and picture in Chromium", () => {
  it('are set by the owner in the editor and kept over a reload, in the editor and on the list', async () => {
    // Northern Barbers is in Russia: its titles are Russian, English is the translation offered.
    const owner = await signInThroughApi(server.origin, 'other@example.com', 'demo12345')
    const category = (
      await apiCall<{ id: number }[]>(server.origin, `/service_categories/${owner.companyId}/`, {
        method: 'GET',
        token: owner.token,
      })
    ).data[0]!
    const created = await apiCall<{ id: number }>(server.origin, `/services/${owner.companyId}/`, {
      token: owner.token,
      body: { title: 'Стрижка бороды', category_id: category.id, price_min: 900, price_max: 900 },
    })
    expect(created.status).toBe(201)
    const editorUrl = `${server.origin}/en/company/${owner.companyId}/services/${created.data.id}`

    const context = await browser.newContext()
    const page = await context.newPage()
    try {
      await page.goto(`${server.origin}/en/signin`)
      await signInOnPage(page, 'other@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()
      await page.goto(editorUrl)
      await page.getByRole('heading', { name: 'Стрижка бороды', level: 1 }).waitFor()

      await page.getByLabel('Title in English').fill('Beard trim')
      await page.getByRole('button', { name: 'Save changes' }).click()
      await page.waitForURL(/\/services$/)
      await page.goto(editorUrl)

      const picture = page.getByRole('region', { name: 'Picture' })
      await picture.getByText('No picture yet', { exact: false }).waitFor()
      await picture
        .getByLabel('Upload a picture')
        .setInputFiles({ name: 'beard.png', mimeType: 'image/png', buffer: PNG })
      const image = picture.getByRole('img', { name: 'Picture of the service "Стрижка бороды"' })
      await image.waitFor()

      await page.reload()
      await page.getByRole('heading', { name: 'Стрижка бороды', level: 1 }).waitFor()
      expect(await page.getByLabel('Title in English').inputValue()).toBe('Beard trim')
      await image.waitFor()
      // The picture is really served: the browser decoded it.
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(1)

      // On the list the row has the thumbnail, and the English interface shows the English title under the Russian.
      await page.goto(`${server.origin}/en/company/${owner.companyId}/services`)
      const row = page.getByRole('listitem').filter({ hasText: 'Стрижка бороды' })
      await row.getByText('Beard trim').waitFor()
      expect(await row.locator('img.service-row__thumbnail').count()).toBe(1)
    } finally {
      await context.close()
    }
  })
})
