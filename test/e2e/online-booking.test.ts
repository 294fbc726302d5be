import { describe, expect, it } from 'vitest'
import { apiCall, latestCode, signInThroughApi } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

interface BookAppointment {
  start_at: string
  status: string
  client: { name: string; phone: string | null } | null
  services: { title: string }[]
}

describe('online booking in Chromium', () => {
  it('a client books on /ru/b2c/1 on a 390 px phone, and the owner finds the appointment in the book', async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } })
    try {
      const page = await context.newPage()
      await page.goto(`${e2e.server.origin}/ru/b2c/1`)
      await page.getByRole('heading', { name: 'Выберите услуги' }).waitFor()
      await page.getByRole('checkbox', { name: /Women's haircut/ }).check()
      await page.getByRole('button', { name: 'Далее' }).click()

      await page.getByRole('heading', { name: 'Выберите специалиста' }).waitFor()
      await page.getByRole('radio', { name: /Любой специалист/ }).check()
      await page.getByRole('button', { name: 'Далее' }).click()

      // Tomorrow: today's free times may be over by the time the test runs.
      await page.getByRole('heading', { name: 'Выберите время' }).waitFor()
      await page.getByRole('group', { name: 'День' }).getByRole('button').nth(1).click()
      const times = page.getByRole('group', { name: 'Свободное время' })
      const firstTime = times.getByRole('button').first()
      await firstTime.waitFor()
      const time = (await firstTime.textContent())!.trim()
      await firstTime.click()

      await page.getByRole('heading', { name: 'Ваши контакты' }).waitFor()
      await page.getByLabel('Ваше имя').fill('Вера Онлайн')
      await page.getByLabel('Телефон').fill('8 916 444-55-66')
      await page.getByRole('button', { name: 'Получить код' }).click()

      await page.getByRole('heading', { name: 'Подтвердите запись' }).waitFor()
      await page.getByLabel('Код').fill(await latestCode(e2e.server.origin, '79164445566'))
      await page.getByRole('button', { name: 'Записаться' }).click()
      await page.getByText('Вы записаны. Мы отправили вам подтверждение.').waitFor()
      await page.getByText(time, { exact: false }).first().waitFor()
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
    } finally {
      await context.close()
    }
  })
})
