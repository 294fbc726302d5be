import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { apiCall, latestCode, pathOf, signInOnPage, signInThroughApi } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

const PASSWORD = 'demo12345'
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

/** Signs in on the page and opens a section of the demo salon from the navigation. */
async function openSection(page: Page, login: string, section: string) {
  await page.goto(`${e2e.server.origin}/en/signin`)
  await signInOnPage(page, login, PASSWORD)
  await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section }).click()
}

/** Gives a staff member a week of their own: every day from 08:00 to 20:00. */
async function setWeek(page: Page, name: string) {
  const row = page.getByRole('listitem', { name })
  await row.getByRole('button', { name: `Set hours for ${name}` }).click()
  const form = page.getByRole('form', { name: `${name}'s hours` })
  for (const day of DAYS) {
    await form.getByRole('checkbox', { name: day }).check()
    // One stretch a day: a break the week had is removed.
    const remove = form.getByRole('button', { name: new RegExp(`^Remove .+ on ${day}$`) })
    while ((await form.getByLabel(`From (${day})`).count()) > 1) await remove.last().click()
    await form.getByLabel(`From (${day})`).first().fill('08:00')
    await form.getByLabel(`Until (${day})`).first().fill('20:00')
  }
  await form.getByRole('button', { name: 'Save' }).click()
  await page.getByText(`${name}'s hours are saved.`).waitFor()
  await row.getByText('Own hours: Mon–Sun 08:00–20:00').waitFor()
}

const column = (page: Page, name: string) => page.getByRole('group', { name, exact: true })

/** A date in Moscow (the demo salon's zone), `days` from today, as YYYY-MM-DD. */
const moscowDate = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
    new Date(Date.now() + days * 86_400_000),
  )

describe('a day at the salon in Chromium', () => {
  it('the owner sets two weeks, a client books online in Russian on a phone, the owner drags the visit to another time and member and takes payment; a specialist limited to herself sees only hers and cannot change an old one', async () => {
    const ownerContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })
    const clientContext = await e2e.browser.newContext({ viewport: { width: 390, height: 844 } })
    const specialistContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } })
    try {
      // 1. The owner gives Maria and Olga weeks of their own, from 08:00, earlier than the salon opens.
      const owner = await ownerContext.newPage()
      await openSection(owner, 'demo@example.com', 'Working hours')
      await owner.getByRole('heading', { name: 'Staff working hours' }).waitFor()
      await setWeek(owner, 'Maria Ivanova')
      await setWeek(owner, 'Olga Petrova')

      // 2. A client books Maria on the public page, in Russian, on a 390 px phone: tomorrow's first free time is
      // the 08:00 the owner has just opened.
      const client = await clientContext.newPage()
      await client.goto(`${e2e.server.origin}/ru/b2c/1`)
      await client.getByRole('heading', { name: 'Выберите услуги' }).waitFor()
      await client.getByRole('checkbox', { name: /Women's haircut/ }).check()
      await client.getByRole('button', { name: 'Далее' }).click()
      await client.getByRole('heading', { name: 'Выберите специалиста' }).waitFor()
      await client.getByRole('radio', { name: /Maria Ivanova/ }).check()
      await client.getByRole('button', { name: 'Далее' }).click()
      await client.getByRole('heading', { name: 'Выберите время' }).waitFor()
      await client.getByRole('group', { name: 'День' }).getByRole('button').nth(1).click()
      const firstTime = client.getByRole('group', { name: 'Свободное время' }).getByRole('button').first()
      await firstTime.waitFor()
      expect((await firstTime.textContent())?.trim()).toBe('08:00')
      await firstTime.click()
      await client.getByLabel('Ваше имя').fill('Вера День')
      await client.getByLabel('Телефон').fill('8 916 777-88-99')
      await client.getByRole('button', { name: 'Получить код' }).click()
      await client.getByRole('heading', { name: 'Подтвердите запись' }).waitFor()
      await client.getByLabel('Код').fill(await latestCode(e2e.server.origin, '79167778899'))
      await client.getByRole('button', { name: 'Записаться' }).click()
      await client.getByText('Вы записаны. Мы отправили вам подтверждение.').waitFor()
      expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

      // 3. The owner finds it in tomorrow's day, in Maria's column at 08:00.
      await owner
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('link', { name: 'Appointment book' })
        .click()
      await owner.getByRole('heading', { name: 'Appointment book', level: 1 }).waitFor()
      await owner.getByRole('button', { name: 'Next day' }).click()
      await owner.waitForURL(new RegExp(`date=${moscowDate(1)}`))
      const booked = column(owner, 'Maria Ivanova').getByRole('button', { name: /Вера День/ })
      expect(await booked.textContent()).toBe("08:00–09:00 Вера День Women's haircut Booked")

      // 4. Dragged to Olga's 08:30: before her demo visit of tomorrow, which the seed puts at her own opening (10:00
      // or later, by the weekday), so the move never meets it whatever day tomorrow is (09:30 met it on Saturdays).
      const from = (await booked.boundingBox())!
      const to = (await owner.getByRole('button', { name: 'Book Olga Petrova at 08:30' }).boundingBox())!
      await owner.mouse.move(from.x + 20, from.y + 5)
      await owner.mouse.down()
      await owner.mouse.move(from.x + 40, from.y + 30, { steps: 4 })
      await owner.mouse.move(to.x + 20, to.y + 5, { steps: 8 })
      await owner.mouse.up()
      const moved = column(owner, 'Olga Petrova').getByRole('button', { name: /Вера День/ })
      await moved.waitFor()
      expect(await moved.textContent()).toBe("08:30–09:30 Вера День Women's haircut Booked")
      expect(
        await column(owner, 'Maria Ivanova')
          .getByRole('button', { name: /Вера День/ })
          .count(),
      ).toBe(0)

      // 5. The client came: arrived, then paid.
      await moved.click()
      const details = owner.getByRole('dialog', { name: 'Вера День' })
      await details.getByRole('button', { name: 'Client arrived' }).click()
      // The status as the dialog shows it once the book has the server's answer (slow while three journeys and
      // the server suites share the machine).
      await expect
        .poll(() => details.locator('.book-status').textContent(), { timeout: 60_000 })
        .toBe('Arrived')
      await details.getByRole('button', { name: 'Mark paid' }).click()
      // The payment step: the visit's price to start with, and the account the money goes into.
      const payment = details.getByRole('group', { name: 'Take the payment' })
      await expect.poll(() => payment.getByLabel(/^Amount/).inputValue()).toBe('2500')
      await payment.getByLabel('Account', { exact: true }).selectOption({ label: 'Front desk cash' })
      await details.getByRole('button', { name: 'Confirm payment' }).click()
      await details.getByText('A paid visit changes its status only by a refund of its payment.').waitFor()
      const paid = details.getByRole('region', { name: 'Payment' })
      await expect.poll(() => paid.locator('dd').first().textContent()).toMatch(/^2 500 \S+ /)
      await paid.getByText('Front desk cash', { exact: true }).waitFor()
      await details.getByRole('button', { name: 'Close' }).click()
      await expect.poll(() => moved.textContent()).toBe("08:30–09:30 Вера День Women's haircut Paid")

      // 6. The owner limits Maria's sign-in (master@example.com) to her own appointments, editable from yesterday.
      await owner.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click()
      await owner.getByRole('link', { name: 'Maria Ivanova' }).click()
      await owner.getByRole('link', { name: 'Rights in the workspace' }).click()
      await owner.getByRole('heading', { name: 'Rights of Maria Ivanova' }).waitFor()
      await owner.getByLabel('Only one staff member').selectOption({ label: 'Maria Ivanova' })
      await owner.getByLabel('Edit appointments of the last … days').fill('1')
      await owner.getByRole('button', { name: 'Review and save' }).click()
      await owner
        .getByRole('region', { name: 'Save these changes?' })
        .getByRole('button', { name: 'Save' })
        .click()
      await owner.getByText('The rights are saved.').waitFor()

      // Three days ago Maria had a client (the owner's own window has no limit).
      const api = await signInThroughApi(e2e.server.origin, 'demo@example.com', PASSWORD)
      const staffList = await apiCall<{ id: number; name: string }[]>(
        e2e.server.origin,
        '/companies/1/staff',
        {
          method: 'GET',
          token: api.token,
        },
      )
      const mariaId = staffList.data.find((member) => member.name === 'Maria Ivanova')!.id
      const services = await apiCall<{ id: number; title: string }[]>(e2e.server.origin, '/services/1/', {
        method: 'GET',
        token: api.token,
      })
      const haircut = services.data.find((service) => service.title === "Women's haircut")!.id
      const old = await apiCall<{ id: number }>(e2e.server.origin, '/company/1/appointments', {
        token: api.token,
        body: {
          staff_id: mariaId,
          service_ids: [haircut],
          start_at: `${moscowDate(-3)}T12:00:00`,
          client_name: 'Old Client',
          client_phone: '+79165550011',
        },
      })
      expect(old.status).toBe(201)

      // 7. Maria sees her own column alone; tomorrow's moved visit is Olga's, so not hers to see.
      const maria = await specialistContext.newPage()
      await openSection(maria, 'master@example.com', 'Appointment book')
      await maria.getByRole('heading', { name: 'Appointment book', level: 1 }).waitFor()
      await column(maria, 'Maria Ivanova').waitFor()
      expect(await maria.getByRole('columnheader').allTextContents()).toEqual(['Maria Ivanova'])
      await maria.goto(`${e2e.server.origin}${pathOf(maria)}?date=${moscowDate(1)}`)
      await column(maria, 'Maria Ivanova').waitFor()
      expect(await maria.getByRole('button', { name: /Вера День/ }).count()).toBe(0)

      // Her appointment of three days ago opens with every change disabled and the reason.
      await maria.goto(`${e2e.server.origin}${pathOf(maria)}?date=${moscowDate(-3)}`)
      await column(maria, 'Maria Ivanova')
        .getByRole('button', { name: /Old Client/ })
        .click()
      const oldDetails = maria.getByRole('dialog', { name: 'Old Client' })
      await oldDetails.getByText(/^You may change appointments from .+ on only\.$/).waitFor()
      for (const button of await oldDetails
        .getByRole('group', { name: 'Change the status' })
        .getByRole('button')
        .all())
        expect(await button.isDisabled()).toBe(true)
      const move = oldDetails.getByRole('group', { name: 'Move to another time or staff member' })
      expect(await move.getByRole('button', { name: 'Move', exact: true }).isDisabled()).toBe(true)
      expect(await move.getByLabel('Staff member').isDisabled()).toBe(true)

      // The server refuses it too (a cancel, which her rights allow on a recent appointment), and answers
      // nothing of Olga's appointments.
      const herApi = await signInThroughApi(e2e.server.origin, 'master@example.com', PASSWORD)
      const refused = await apiCall(e2e.server.origin, `/company/1/appointments/${old.data.id}/status`, {
        method: 'PUT',
        token: herApi.token,
        body: { status: 'cancelled' },
      })
      expect(refused.status).toBe(403)
      const tomorrow = await apiCall<{ appointments: { staff_id: number }[] }>(
        e2e.server.origin,
        `/company/1/appointments?date=${moscowDate(1)}`,
        { method: 'GET', token: herApi.token },
      )
      expect(tomorrow.data.appointments.length).toBeGreaterThan(0)
      expect(tomorrow.data.appointments.every((item) => item.staff_id === mariaId)).toBe(true)
    } finally {
      await ownerContext.close()
      await clientContext.close()
      await specialistContext.close()
    }
    // One journey through three browsers and four sections: longer than one screen's test.
  }, 360_000)
})
