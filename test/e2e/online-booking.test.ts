import { afterAll, describe, expect, it } from 'vitest'
import { onlineBookingMachine } from '../../machines/online-booking'
import { apiCall, latestCode, pathOf, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'
import { flowScreensRequested } from '../support/flow-screens-capture'
import { createJourneyFlowScreens } from '../support/journey-flow-screens'

const e2e = useServerAndBrowser()
/** `npm run docs:flow-screens -- online-booking` photographs each screen of the booking page this journey sees. */
const screens = createJourneyFlowScreens([onlineBookingMachine])
afterAll(() => screens.finish())

interface BookAppointment {
  start_at: string
  status: string
  client: { name: string; phone: string | null } | null
  services: { title: string }[]
}

// Photographing every screen at two widths in two languages adds seconds per screen (docs:flow-screens only).
describe('online booking in Chromium', { timeout: flowScreensRequested ? 600_000 : undefined }, () => {
  it('the page shows whose it is before its scripts run, and its first render asks the server nothing more', async () => {
    const withoutScripts = await e2e.browser.newContext({ javaScriptEnabled: false })
    try {
      const page = await withoutScripts.newPage()
      await page.goto(`${e2e.server.origin}/ru/b2c/1`)
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Beauty Line — Tverskaya',
      )
      await expect(page.getByRole('status').getAttribute('aria-label')).resolves.toBe('Загрузка')
    } finally {
      await withoutScripts.close()
    }
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } })
    try {
      const page = await context.newPage()
      const asked: string[] = []
      page.on('request', (request) => {
        if (new URL(request.url()).pathname.startsWith('/api/v1/b2c/')) asked.push(request.url())
      })
      // The heading the server drew stays while the scripts take over: never gone (no spinner in its place), never
      // doubled.
      await page.addInitScript(() => {
        const seen: number[] = []
        ;(window as unknown as { headingsSeen: number[] }).headingsSeen = seen
        document.addEventListener('DOMContentLoaded', () => {
          const root = document.getElementById('root')!
          seen.push(root.querySelectorAll('h1').length)
          new MutationObserver(() => seen.push(root.querySelectorAll('h1').length)).observe(root, {
            childList: true,
            subtree: true,
          })
        })
      })
      await page.goto(`${e2e.server.origin}/ru/b2c/1`)
      await page.getByRole('checkbox', { name: /Women's haircut/ }).waitFor()
      const headingsSeen = await page.evaluate(
        () => (window as unknown as { headingsSeen: number[] }).headingsSeen,
      )
      expect(headingsSeen.length).toBeGreaterThan(1)
      expect(new Set(headingsSeen)).toEqual(new Set([1]))
      expect(await page.getByRole('main').count()).toBe(1)
      expect(asked).toEqual([])
    } finally {
      await context.close()
    }
  })

  it('a client books on /ru/b2c/1 on a 390 px phone, and the owner finds the appointment in the book, marked new', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } })
    try {
      await screens.follow(context)
      const page = await context.newPage()
      const query = screens.inspectQuery ? `?${screens.inspectQuery}` : ''
      await page.goto(`${e2e.server.origin}/ru/b2c/1${query}`)
      await page.getByRole('heading', { name: 'Выберите услуги' }).waitFor()
      await screens.shoot(page, onlineBookingMachine)
      await page.getByRole('checkbox', { name: /Women's haircut/ }).check()
      await page.getByRole('button', { name: 'Далее' }).click()

      await page.getByRole('heading', { name: 'Выберите специалиста' }).waitFor()
      await screens.shoot(page, onlineBookingMachine)
      await page.getByRole('radio', { name: /Любой специалист/ }).check()
      await page.getByRole('button', { name: 'Далее' }).click()

      // Tomorrow: today's free times may be over by the time the test runs.
      await page.getByRole('heading', { name: 'Выберите время' }).waitFor()
      await page.getByRole('group', { name: 'День' }).getByRole('button').nth(1).click()
      const times = page.getByRole('group', { name: 'Свободное время' })
      const firstTime = times.getByRole('button').first()
      await firstTime.waitFor()
      await screens.shoot(page, onlineBookingMachine)
      const time = (await firstTime.textContent())!.trim()
      await firstTime.click()

      await page.getByRole('heading', { name: 'Ваши контакты' }).waitFor()
      await screens.shoot(page, onlineBookingMachine)
      await page.getByLabel('Ваше имя').fill('Вера Онлайн')
      await page.getByLabel('Телефон').fill('8 916 444-55-66')
      await page.getByRole('button', { name: 'Получить код' }).click()

      await page.getByRole('heading', { name: 'Подтвердите запись' }).waitFor()
      await screens.shoot(page, onlineBookingMachine)
      await page.getByLabel('Код').fill(await latestCode(e2e.server.origin, '79164445566'))
      await page.getByRole('button', { name: 'Записаться' }).click()
      await page.getByText('Вы записаны. Мы отправили вам подтверждение.').waitFor()
      await page.getByText(time, { exact: false }).first().waitFor()
      await screens.shoot(page, onlineBookingMachine)
      // Nothing on the page is wider than the phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      const cancelLink = await page.getByRole('link', { name: 'Отменить эту запись' }).getAttribute('href')
      expect(cancelLink).toMatch(/^\/ru\/b2c\/1\/cancel\/[\w-]{43}$/)

      // The owner's book has it, for the client found or created by the normalised phone.
      const owner = await signInThroughApi(e2e.server.origin, 'demo@example.com', 'demo12345')
      const day = await page.evaluate(() => {
        const tomorrow = new Date(Date.now() + 86_400_000)
        return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(tomorrow)
      })
      const book = await apiCall<{ appointments: BookAppointment[] }>(
        e2e.server.origin,
        `/company/1/appointments?date=${day}`,
        { method: 'GET', token: owner.token },
      )
      expect(book.status).toBe(200)
      const booked = book.data.appointments.filter((item) => item.client?.phone === '+79164445566')
      expect(booked).toHaveLength(1)
      expect(booked[0]).toMatchObject({ status: 'booked', client: { name: 'Вера Онлайн' } })
      expect(booked[0]!.services.map((service) => service.title)).toEqual(["Women's haircut"])
      const wallClock = new Intl.DateTimeFormat('ru', {
        timeZone: 'Europe/Moscow',
        hour: '2-digit',
        minute: '2-digit',
      }).format(new Date(booked[0]!.start_at))
      expect(wallClock).toBe(time)

      // In the workspace, the owner's book says the booking is new; its link opens the appointment.
      const desk = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })
      try {
        const ownerPage = await desk.newPage()
        await ownerPage.goto(`${e2e.server.origin}/en/signin`)
        await signInOnPage(ownerPage, 'demo@example.com', 'demo12345')
        await ownerPage.waitForURL((url) => !url.pathname.endsWith('/signin'))
        await ownerPage.goto(`${e2e.server.origin}/en/company/1/book`)
        const news = ownerPage.getByRole('button', { name: /^New online bookings \d+ new$/ })
        await news.click()
        await ownerPage.getByRole('link', { name: /Вера Онлайн/ }).click()
        await ownerPage.getByRole('dialog', { name: 'Вера Онлайн' }).waitFor()
        expect(pathOf(ownerPage)).toBe('/en/company/1/book')
        expect(new URL(ownerPage.url()).searchParams.get('date')).toBe(day)
        // Looked at: on the next visit nothing is new.
        await ownerPage.goto(`${e2e.server.origin}/en/company/1/book`)
        await ownerPage.getByRole('heading', { name: 'Appointment book', level: 1 }).waitFor()
        await ownerPage.waitForLoadState('networkidle')
        expect(await ownerPage.getByRole('button', { name: /New online bookings/ }).count()).toBe(0)
      } finally {
        await desk.close()
      }
    } finally {
      await context.close()
    }
  })
})
