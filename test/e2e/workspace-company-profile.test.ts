import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { avatarUploadMachine } from '../../machines/avatar-upload'
import { seriousAxeViolations } from '../support/axe-check'
import { apiCall, pathOf, signInOnPage, signInThroughApi, untilLoaded } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'
import { flowScreensRequested } from '../support/flow-screens-capture'
import { createJourneyFlowScreens } from '../support/journey-flow-screens'

const e2e = useServerAndBrowser()
/** `npm run docs:flow-screens -- workspace-company-profile` photographs the staff photo's screens seen here. */
const screens = createJourneyFlowScreens([avatarUploadMachine])
afterAll(() => screens.finish())
// Photographing every screen at two widths in two languages adds seconds per screen (docs:flow-screens only).
const photographing = { timeout: flowScreensRequested ? 600_000 : undefined }

/** A real picture of `width`×`height`, drawn and encoded by Chromium itself, so that the crop can decode it. */
async function pictureBytes(page: Page, width: number, height: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h]) => {
      const canvas = document.createElement('canvas')
      canvas.width = w!
      canvas.height = h!
      const context = canvas.getContext('2d')!
      context.fillStyle = '#6b3fd4'
      context.fillRect(0, 0, w!, h!)
      context.fillStyle = '#f5c542'
      context.fillRect(w! / 4, h! / 4, w! / 2, h! / 2)
      return canvas.toDataURL('image/png').split(',')[1]!
    },
    [width, height],
  )
  return Buffer.from(base64, 'base64')
}

/** The decoded size of an image on the page once it has loaded. */
const naturalSize = (page: Page, url: string) =>
  page.evaluate(async (source) => {
    const image = new Image()
    image.src = source
    await image.decode()
    return { width: image.naturalWidth, height: image.naturalHeight }
  }, url)

async function signIn(page: Page) {
  await page.goto(`${e2e.server.origin}/en/signin`)
  await signInOnPage(page, 'demo@example.com', 'demo12345')
  await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
}

describe('the company profile, staff photos and payroll in Chromium', photographing, () => {
  it('lets the owner edit the profile and upload a logo, kept over a reload', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await signIn(page)
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Company profile' })
        .click()
      await page.waitForURL(/\/en\/company\/\d+\/profile$/)
      const form = page.getByRole('form', { name: 'Company profile' })
      await form.getByLabel('Address').fill('Tverskaya 7')
      await form.getByLabel('Find a city').fill('Moscow')
      await form
        .getByLabel('City')
        .locator('option', { hasText: /^Moscow/ })
        .first()
        .waitFor({ state: 'attached' })
      await form.getByLabel('City', { exact: true }).selectOption({ label: 'Moscow, Moscow' })
      await form.getByLabel('Time zone').selectOption('Europe/Samara')
      await page.getByRole('note', { name: 'What a new time zone changes' }).waitFor()
      await form.getByLabel(/^Phone/).fill('8 495 123-45-67')
      await form.getByLabel('Type of business').selectOption({ index: 1 })
      await form.getByRole('button', { name: 'Save the profile' }).click()
      await page.getByText('The company profile is saved.').waitFor()

      const logo = page.getByRole('region', { name: 'Logo' })
      await logo.getByLabel('Upload a picture').setInputFiles({
        name: 'logo.png',
        mimeType: 'image/png',
        buffer: await pictureBytes(page, 200, 120),
      })
      await logo.getByRole('img', { name: 'Logo of Beauty Line — Tverskaya' }).waitFor()

      await page.reload()
      await page.getByRole('heading', { name: 'Company profile', level: 1 }).waitFor()
      expect(await form.getByLabel('Address').inputValue()).toBe('Tverskaya 7')
      expect(await form.getByLabel('Time zone').inputValue()).toBe('Europe/Samara')
      expect(await form.getByLabel(/^Phone/).inputValue()).toBe('+74951234567')
      const image = logo.getByRole('img', { name: 'Logo of Beauty Line — Tverskaya' })
      await expect
        .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
        .toBe(200)
      // The working hours read the same time zone.
      await page.goto(`${e2e.server.origin}${pathOf(page).replace(/\/profile$/, '/working-hours')}`)
      await page
        .getByText(/Europe\/Samara/)
        .first()
        .waitFor()
    } finally {
      await context.close()
    }
  })

  it('finds Москва by its Russian name in the Russian interface, and only in the company’s country', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await signIn(page)
      // The Arbat salon: its profile has no city yet (the test above gives Tverskaya one).
      const { token } = await signInThroughApi(e2e.server.origin, 'demo@example.com', 'demo12345')
      const companies = await apiCall<{ id: number; title: string }[]>(e2e.server.origin, '/companies', {
        method: 'GET',
        token,
      })
      const arbat = companies.data.find((company) => company.title === 'Beauty Line — Arbat')!
      // Without the language prefix the page is in Russian.
      await page.goto(`${e2e.server.origin}/company/${arbat.id}/profile`)
      const form = page.getByRole('form', { name: 'Профиль компании' })
      const search = form.getByLabel('Поиск города')
      const city = form.getByLabel('Город', { exact: true })
      await search.fill('Москва')
      await city
        .locator('option', { hasText: /^Москва,/ })
        .first()
        .waitFor({ state: 'attached' })
      expect((await city.locator('option').allTextContents())[1]).toBe('Москва, Moscow')
      // Another country's city is not offered: the Russian salon's search finds no Berlin.
      const searched = page.waitForResponse((response) => response.url().includes('/city/search'))
      await search.fill('Берлин')
      expect((await (await searched).json()).data).toEqual([])
      await expect.poll(() => city.locator('option', { hasText: /^Москва,/ }).count()).toBe(0)
      expect(await city.locator('option', { hasText: /^Берлин/ }).count()).toBe(0)
      await search.fill('Новосиб')
      await city
        .locator('option', { hasText: /^Новосибирск,/ })
        .first()
        .waitFor({ state: 'attached' })
    } finally {
      await context.close()
    }
  })

  it('crops and uploads a staff photo whose two renditions are served and differ, then removes it', async () => {
    const context = await e2e.browser.newContext()
    try {
      await screens.follow(context)
      const page = await context.newPage()
      // The inspector, switched on in the tab's first page, stays on for the tab (docs:flow-screens only).
      if (screens.inspectQuery) await page.goto(`${e2e.server.origin}/en/signin?${screens.inspectQuery}`)
      await signIn(page)
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click()
      await page.getByRole('link', { name: 'Elena Smirnova' }).click()
      await page.getByRole('heading', { name: 'Elena Smirnova', level: 1 }).waitFor()
      // The photo's part of the card, found by its class: the pictures are taken in Russian too.
      await page.getByLabel('Upload a photo').waitFor({ state: 'attached' })
      await screens.shoot(page, avatarUploadMachine, { subject: page.locator('.staff-avatar') })

      // A file that is no picture is refused with a sentence, before anything is sent.
      await page
        .getByLabel('Upload a photo')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
      await page.getByText('Choose a JPEG, PNG or WebP picture.').waitFor()

      await page.getByLabel('Upload a photo').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: await pictureBytes(page, 900, 600),
      })
      const crop = page.getByRole('group', { name: 'Crop the photo' })
      const viewport = crop.getByRole('img', { name: 'The part of the photo that is saved' })
      await viewport.waitFor()
      await screens.shoot(page, avatarUploadMachine, { subject: page.locator('.avatar-crop') })
      await viewport.focus()
      await page.keyboard.press('ArrowRight')
      await page.keyboard.press('+')
      await crop.getByLabel('Zoom').fill('1.5')
      await crop.getByRole('button', { name: 'Save the photo' }).click()
      await page.getByText('The photo is saved.').waitFor()
      const photo = page.getByRole('img', { name: 'Photo of Elena Smirnova' })
      await photo.waitFor()

      const staffId = pathOf(page).split('/').pop()!
      const owner = await signInThroughApi(e2e.server.origin, 'demo@example.com', 'demo12345')
      const employee = (
        await apiCall<{ avatar: string; avatar_big: string }>(e2e.server.origin, `/staff/${staffId}`, {
          method: 'GET',
          token: owner.token,
        })
      ).data
      expect(employee.avatar).not.toBe(employee.avatar_big)
      expect(await naturalSize(page, employee.avatar)).toEqual({ width: 128, height: 128 })
      expect(await naturalSize(page, employee.avatar_big)).toEqual({ width: 512, height: 512 })

      // The list shows the small one beside the name.
      await page.getByRole('link', { name: 'Back to the staff' }).click()
      const row = page.getByRole('link', { name: 'Elena Smirnova' })
      await expect.poll(() => row.locator('img').getAttribute('src')).toBe(employee.avatar)

      await row.click()
      await page.getByRole('button', { name: 'Remove the photo' }).click()
      await page.getByRole('alertdialog', { name: 'Remove the photo' }).waitFor()
      await screens.shoot(page, avatarUploadMachine, { subject: page.locator('.staff-avatar') })
      await page
        .getByRole('alertdialog', { name: 'Remove the photo' })
        .getByRole('button', { name: 'Delete' })
        .click()
      await page.getByText('The photo is removed.').waitFor()
      expect(await page.getByRole('img', { name: 'Photo of Elena Smirnova' }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('edits a staff member’s payroll settings on their payroll tab', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await signIn(page)
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click()
      await page.getByRole('link', { name: 'Olga Petrova' }).click()
      await page
        .getByRole('navigation', { name: "Staff member's pages" })
        .getByRole('link', { name: 'Payroll' })
        .click()
      await page.waitForURL(/\/staff\/\d+\/payroll$/)
      const form = page.getByRole('form', { name: 'Payroll settings' })
      await form.getByLabel('How pay is counted').selectOption({ label: 'One scheme for every service' })
      await form.getByLabel('Discounts').selectOption({ label: 'Borne by the specialist alone' })
      await form.getByRole('button', { name: 'Save the payroll settings' }).click()
      await page.getByText('The payroll settings are saved.').waitFor()
      await page.reload()
      await page.getByRole('form', { name: 'Payroll settings' }).waitFor()
      expect(await form.getByLabel('How pay is counted').inputValue()).toBe('single')
      expect(await form.getByLabel('Discounts').inputValue()).toBe('professional_only')
    } finally {
      await context.close()
    }
  })

  it('passes axe and fits a phone on the new pages, in English and Russian', async () => {
    const context = await e2e.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await signIn(page)
      const companyPath =
        pathOf(page)
          .replace(/\/$/, '')
          .match(/^\/en\/company\/\d+/)?.[0] ?? '/en/company/1'
      await page.goto(`${e2e.server.origin}${companyPath}/staff`)
      await page.getByRole('link', { name: 'Maria Ivanova' }).click()
      await page.getByRole('heading', { name: 'Maria Ivanova', level: 1 }).waitFor()
      const cardPath = pathOf(page)
      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const path of [`${companyPath}/profile`, cardPath, `${cardPath}/payroll`]) {
          for (const address of [path, path.replace(/^\/en/, '')]) {
            await page.goto(`${e2e.server.origin}${address}`)
            await page.getByRole('heading', { level: 1 }).first().waitFor()
            await untilLoaded(page)
            for (const violation of await seriousAxeViolations(page))
              found.push(`${width} ${address} ${violation}`)
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth > window.innerWidth,
            )
            if (overflow) found.push(`${width} ${address} overflows sideways`)
          }
        }
      }
      // The crop, open on a phone.
      await page.goto(`${e2e.server.origin}${cardPath}`)
      await page
        .getByLabel('Upload a photo')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await pictureBytes(page, 600, 900) })
      await page.getByRole('group', { name: 'Crop the photo' }).getByLabel('Zoom').waitFor()
      await expect
        .poll(() => page.getByRole('group', { name: 'Crop the photo' }).getByLabel('Zoom').isEnabled())
        .toBe(true)
      for (const violation of await seriousAxeViolations(page)) found.push(`390 crop ${violation}`)
      if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
        found.push('390 crop overflows sideways')
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
