import type { Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { appointmentStatusMachine } from '../../machines/appointment-status'
import { signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'
import { createFlowScreensCapture, flowScreensRequested } from '../support/flow-screens-capture'

const e2e = useServerAndBrowser()

/**
 * `npm run docs:flow-screens -- workspace-book`: the appointment dialog in each status, as the appointmentStatus
 * machine's states. The book runs no actor of it (it asks the machine's canChangeStatus which moves to offer), so
 * no inspector names the state: the journey photographs the dialog once its status line shows the status.
 */
const statusScreens = createFlowScreensCapture(appointmentStatusMachine)
afterAll(() => statusScreens.finish())

/** The dialog `details` shows `status` (its name as the status line says it): photographed as that state. */
async function seeStatus(page: Page, details: Locator, name: string, status: string) {
  await expect.poll(() => details.locator('.book-status').textContent()).toBe(name)
  if (!flowScreensRequested) return
  // The notices of each change, which keep the words they were made in (English in the Russian picture), are
  // closed for the picture; the open dialog holds the pointer, so they are closed from the page itself. The
  // change's own notice may come a moment after the status line: closed again once the network is quiet.
  const closeNotices = () =>
    page
      .locator('.toast__close')
      .evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLElement).click()))
  await closeNotices()
  await page.waitForLoadState('networkidle')
  await page.waitForTimeout(300)
  await closeNotices()
  await statusScreens.capture(page, status)
}

/** Signs in and opens the appointment book of the demo salon from the navigation. */
async function openBook(page: Page, email: string) {
  // The inspector's channel shows the page in each language for the pictures (docs:flow-screens only).
  await page.goto(`${e2e.server.origin}/en/signin${flowScreensRequested ? '?inspect=1' : ''}`)
  await signInOnPage(page, email, 'demo12345')
  await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('link', { name: 'Appointment book' })
    .click()
  await page.waitForURL(/\/en\/company\/\d+\/book$/)
  await page.getByRole('heading', { name: 'Appointment book', level: 1 }).waitFor()
}

const column = (page: Page, name: string) => page.getByRole('group', { name, exact: true })

describe('the appointment book in Chromium', () => {
  it('lets the owner see the seeded day, book a new client in a free place, mark the visit confirmed, a no-show, arrived and paid, refund it in part and then in full, move an appointment to another staff member and cancel it, and drag and resize another', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openBook(page, 'demo@example.com')
      // Today's seeded appointments, each in its staff member's column.
      await column(page, 'Maria Ivanova')
        .getByRole('button', { name: /Анна Смирнова/ })
        .waitFor()
      await column(page, 'Elena Smirnova')
        .getByRole('button', { name: /Ольга Попова/ })
        .waitFor()

      // A new client booked at the free 16:00 of Elena's column.
      await column(page, 'Elena Smirnova')
        .getByRole('button', { name: 'Book Elena Smirnova at 16:00' })
        .click()
      const create = page.getByRole('dialog', { name: 'New appointment' })
      await create.getByRole('checkbox', { name: 'Classic manicure' }).check()
      await expect.poll(() => create.getByLabel('Time').locator('option:checked').textContent()).toBe('16:00')
      await create.getByLabel("New client's name").fill('Vera Book')
      await create.getByLabel("New client's phone").fill('8 916 555-44-33')
      await create.getByRole('button', { name: 'Book', exact: true }).click()
      await create.waitFor({ state: 'hidden' })
      const vera = column(page, 'Elena Smirnova').getByRole('button', { name: /Vera Book/ })
      expect(await vera.textContent()).toBe('16:00–17:00 Vera Book Classic manicure Booked')

      // Confirmed, a no-show, arrived after all, then paid: each step offers what the lifecycle allows next.
      await vera.click()
      const details = page.getByRole('dialog', { name: 'Vera Book' })
      await seeStatus(page, details, 'Booked', 'booked')
      const statuses = details.getByRole('group', { name: 'Change the status' })
      expect(await statuses.getByRole('button').allTextContents()).toEqual([
        'Mark confirmed',
        'Client arrived',
        'Client did not come',
        'Cancel appointment',
      ])
      await statuses.getByRole('button', { name: 'Mark confirmed' }).click()
      await seeStatus(page, details, 'Confirmed', 'confirmed')
      await statuses.getByRole('button', { name: 'Client did not come' }).click()
      await seeStatus(page, details, 'No-show', 'no_show')
      expect(await statuses.getByRole('button').allTextContents()).toEqual([
        'Back to booked',
        'Client arrived',
      ])
      await details.getByRole('button', { name: 'Client arrived' }).click()
      await seeStatus(page, details, 'Arrived', 'arrived')
      await details.getByRole('button', { name: 'Mark paid' }).click()
      // The payment step: the visit's price to start with, and the account the money goes into.
      const payment = details.getByRole('group', { name: 'Take the payment' })
      await expect.poll(() => payment.getByLabel(/^Amount/).inputValue()).toBe('1200')
      await payment.getByLabel('Account', { exact: true }).selectOption({ label: 'Front desk cash' })
      await details.getByRole('button', { name: 'Confirm payment' }).click()
      await details.getByText('A paid visit changes its status only by a refund of its payment.').waitFor()
      const paid = details.getByRole('region', { name: 'Payment' })
      await expect.poll(() => paid.locator('dd').first().textContent()).toMatch(/^1 200 \S+ /)
      await paid.getByText('Front desk cash', { exact: true }).waitFor()
      await seeStatus(page, details, 'Paid', 'paid')
      await details.getByRole('button', { name: 'Close' }).click()
      await expect.poll(() => vera.textContent()).toContain('Paid')

      // Part of it goes back with a reason; the visit stays paid and the refund is listed under the payment.
      await vera.click()
      await details.getByRole('button', { name: 'Refund' }).click()
      const refund = details.getByRole('group', { name: 'Refund the payment' })
      await expect.poll(() => refund.getByLabel(/^Amount/).inputValue()).toBe('1200')
      await refund.getByLabel(/^Amount/).fill('200')
      await refund.getByLabel('Reason (optional)').fill('Chipped nail')
      await details.getByRole('button', { name: 'Confirm refund' }).click()
      await page.getByText('The refund is made; the visit stays paid.').waitFor()
      const refunds = details.getByRole('list', { name: 'Refunds' })
      await expect
        .poll(() => refunds.getByRole('listitem').first().textContent())
        .toMatch(/^−200 \S+Front desk cashChipped nail/)
      // The rest goes back by default, and the visit is arrived again, to be paid anew.
      await details.getByRole('button', { name: 'Refund' }).click()
      await expect.poll(() => refund.getByLabel(/^Amount/).inputValue()).toBe('1000')
      await details.getByRole('button', { name: 'Confirm refund' }).click()
      await page.getByText('The payment is refunded in full; the client is marked arrived.').waitFor()
      await expect.poll(() => details.locator('.book-status').textContent()).toBe('Arrived')
      await expect.poll(() => refunds.getByRole('listitem').count()).toBe(2)
      await details.getByRole('button', { name: 'Mark paid' }).click()
      await details.getByRole('button', { name: 'Confirm payment' }).click()
      await details.getByText('A paid visit changes its status only by a refund of its payment.').waitFor()
      await details.getByRole('button', { name: 'Close' }).click()
      await expect.poll(() => vera.textContent()).toContain('Paid')

      // Maria's 15:00 moves to Irina Volkova at the same time.
      await column(page, 'Maria Ivanova')
        .getByRole('button', { name: /Дмитрий Новиков/ })
        .click()
      const moving = page.getByRole('dialog', { name: 'Дмитрий Новиков' })
      await moving.getByLabel('Staff member').selectOption({ label: 'Irina Volkova' })
      await expect.poll(() => moving.getByLabel('Time').locator('option:checked').textContent()).toBe('15:00')
      await moving.getByRole('button', { name: 'Move', exact: true }).click()
      await page.getByText('The appointment is moved.').waitFor()
      // Then it is cancelled: the dialog keeps it, closed to any other status, and the book still shows it.
      await moving.getByRole('button', { name: 'Cancel appointment' }).click()
      await moving.getByText('This appointment is closed: its status no longer changes.').waitFor()
      await seeStatus(page, moving, 'Cancelled', 'cancelled')
      await moving.getByRole('button', { name: 'Close' }).click()
      await column(page, 'Irina Volkova')
        .getByRole('button', { name: /Дмитрий Новиков/ })
        .waitFor()
      expect(
        await column(page, 'Maria Ivanova')
          .getByRole('button', { name: /Дмитрий Новиков/ })
          .count(),
      ).toBe(0)

      // Anna's 10:00 with Maria is dragged by the pointer to Irina's 12:00.
      const anna = column(page, 'Maria Ivanova').getByRole('button', { name: /Анна Смирнова/ })
      const from = (await anna.boundingBox())!
      const to = (await page.getByRole('button', { name: 'Book Irina Volkova at 12:00' }).boundingBox())!
      await page.mouse.move(from.x + 20, from.y + 5)
      await page.mouse.down()
      await page.mouse.move(from.x + 40, from.y + 30, { steps: 4 })
      await page.mouse.move(to.x + 20, to.y + 5, { steps: 8 })
      await page.mouse.up()
      const dropped = column(page, 'Irina Volkova').getByRole('button', { name: /Анна Смирнова/ })
      await dropped.waitFor()
      expect(await dropped.textContent()).toMatch(/^12:00–13:00 Анна Смирнова/)
      expect(await page.getByRole('dialog', { name: 'Анна Смирнова' }).isVisible()).toBe(false)

      // Its bottom edge dragged up by half an hour makes it 12:00–12:30 (snapped to the quarter hour). The
      // notices of the moves lie over the bottom of the last column: closed first, as a person would.
      const closeNotice = page.getByRole('status').getByRole('button', { name: 'Close' })
      while ((await closeNotice.count()) > 0) await closeNotice.first().click()
      const box = (await dropped.boundingBox())!
      const perMinute = box.height / 60
      await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2)
      await page.mouse.down()
      await page.mouse.move(box.x + box.width / 2, box.y + box.height - 2 - 28 * perMinute, { steps: 6 })
      await page.mouse.up()
      await page.getByText('The appointment now ends at 12:30.').waitFor()
      await expect.poll(() => dropped.textContent()).toMatch(/^12:00–12:30 Анна Смирнова/)
      expect(await page.getByRole('dialog', { name: 'Анна Смирнова' }).isVisible()).toBe(false)
      // And a quarter hour longer by keyboard.
      await dropped.focus()
      await page.keyboard.press('Alt+Shift+ArrowDown')
      await page.getByText('The appointment now ends at 12:45.').waitFor()
      await expect.poll(() => dropped.textContent()).toMatch(/^12:00–12:45 Анна Смирнова/)
    } finally {
      await context.close()
    }
  })

  it('shows a specialist the book with the status changes their rights lack disabled, and no client base to search', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openBook(page, 'master@example.com')
      // The owner's journey above moved Maria's first client; Elena's confirmed one is still in place.
      await column(page, 'Elena Smirnova')
        .getByRole('button', { name: /Ольга Попова/ })
        .click()
      const details = page.getByRole('dialog', { name: 'Ольга Попова' })
      const arrived = details.getByRole('button', { name: 'Client arrived' })
      expect(await arrived.isDisabled()).toBe(true)
      await details.getByText('Your rights in this company do not include marking visits.').waitFor()
      expect(await details.getByRole('button', { name: 'Cancel appointment' }).isDisabled()).toBe(false)
      await details.getByRole('button', { name: 'Close' }).click()

      await page.getByRole('button', { name: 'New appointment' }).click()
      const create = page.getByRole('dialog', { name: 'New appointment' })
      await create
        .getByText(
          "Your rights in this company do not include the client base: enter the client's name and phone.",
        )
        .waitFor()
      expect(await create.getByRole('searchbox').count()).toBe(0)
    } finally {
      await context.close()
    }
  })
})
