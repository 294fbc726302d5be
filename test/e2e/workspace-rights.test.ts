import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { rightsEditorMachine } from '../../machines/rights-editor'
import { seriousAxeViolations } from '../support/axe-check'
import {
  apiCall,
  latestMessage,
  pathOf,
  signInOnPage,
  signInThroughApi,
} from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'
import { flowScreensRequested } from '../support/flow-screens-capture'
import { createJourneyFlowScreens } from '../support/journey-flow-screens'

const e2e = useServerAndBrowser()
/** `npm run docs:flow-screens -- workspace-rights` photographs the rights editor's screens this journey sees. */
const screens = createJourneyFlowScreens([rightsEditorMachine])
afterAll(() => screens.finish())

const MEMBER_EMAIL = 'lena.admin@example.com'
const MEMBER_PASSWORD = 'a long enough password'

const navLinks = (page: Page) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link').allTextContents()
const lifecycle = (page: Page) => page.getByRole('region', { name: 'Work at the salon' })
const history = (page: Page) => page.getByRole('region', { name: 'History of changes' })

/** Axe and sideways overflow of the page open, at 1280 and 390 px, each group of flags opened. */
async function axeAt(page: Page, found: string[]) {
  for (const details of await page.locator('details.rights-group').all())
    await details.evaluate((d) => d.setAttribute('open', ''))
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    for (const violation of await seriousAxeViolations(page))
      found.push(`${pathOf(page)} ${width} ${violation}`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
    if (overflow) found.push(`${pathOf(page)} ${width} overflows sideways`)
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

/** Ticks or unticks a flag found by the search, the way an owner would look for it. */
async function setFlag(page: Page, search: string, title: string, on: boolean) {
  await page.getByLabel('Find a right').fill(search)
  const box = page.getByRole('checkbox', { name: new RegExp(`^${title}`) })
  if ((await box.isChecked()) !== on) await box.click()
  await page.getByLabel('Find a right').fill('')
}

// Photographing every screen at two widths in two languages adds seconds per screen (docs:flow-screens only).
const photographing = { timeout: flowScreensRequested ? 600_000 : undefined }

describe('rights of a team member in Chromium', photographing, () => {
  it('lets the owner give a new member a preset, narrow it, see the diff and save; the member sees only what the rights open', async () => {
    const owner = await e2e.browser.newContext({ bypassCSP: true })
    const member = await e2e.browser.newContext()
    try {
      await screens.follow(owner)
      const page = await owner.newPage()
      await page.goto(
        `${e2e.server.origin}/en/signin${screens.inspectQuery ? `?${screens.inspectQuery}` : ''}`,
      )
      await signInOnPage(page, 'demo@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
      const api = await signInThroughApi(e2e.server.origin, 'demo@example.com', 'demo12345')
      const companies = await apiCall<{ id: number; title: string }[]>(e2e.server.origin, '/companies', {
        method: 'GET',
        token: api.token,
      })
      const salonId = companies.data.find((each) => each.title === 'Beauty Line — Tverskaya')!.id
      const companyPath = `/en/company/${salonId}`

      // The owner adds the staff member on the staff page.
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Staff' }).click()
      await page.waitForURL(/\/staff$/)
      const add = page.getByRole('form', { name: 'Add a staff member' })
      await add.getByLabel('Name').fill('Lena Admin')
      await add.getByLabel('Speciality').fill('Front desk')
      await add.getByRole('button', { name: 'Add' }).click()
      await page.getByRole('link', { name: 'Lena Admin' }).click()
      await page.waitForURL(/\/staff\/\d+$/)
      const cardPath = pathOf(page)
      const staffId = Number(cardPath.split('/').pop())

      // She gets a sign-in through an invitation, accepted in her own browser.
      expect(
        (
          await apiCall(e2e.server.origin, `/company/${salonId}/invites`, {
            token: api.token,
            body: { email: MEMBER_EMAIL, role: 'specialist', lang: 'en' },
          })
        ).status,
      ).toBe(201)
      const text = (await latestMessage(e2e.server.origin, MEMBER_EMAIL))!.text
      const link = new URL(/https?:\/\/\S+\/invite\/[\w-]+/.exec(text)![0]).pathname
      const memberPage = await member.newPage()
      await memberPage.goto(`${e2e.server.origin}${link}`)
      await memberPage.getByLabel('Your name').fill('Lena Admin')
      await memberPage.getByLabel('Phone').fill('+7 900 444-55-66')
      await memberPage.getByLabel('Password', { exact: true }).fill(MEMBER_PASSWORD)
      await memberPage.getByLabel('Repeat the password').fill(MEMBER_PASSWORD)
      await memberPage.getByLabel('I accept the terms of service and the privacy policy').check()
      await memberPage.getByRole('button', { name: 'Join' }).click()
      await memberPage.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
      // A specialist sees the appointment-book side only: no settings sections yet.
      expect((await navLinks(memberPage)).sort()).toEqual([
        'Appointment book',
        'Custom fields',
        'Overview',
        'Working hours',
      ])

      // The sign-in is linked to her staff card (the card has no control for it yet: the API does it).
      const members = await apiCall<{ id: number; name: string }[]>(
        e2e.server.origin,
        `/staff/users?company_id=${salonId}`,
        { method: 'GET', token: api.token },
      )
      const userId = members.data.find((each) => each.name === 'Lena Admin')!.id
      expect(
        (
          await apiCall(e2e.server.origin, `/staff/${staffId}`, {
            method: 'PATCH',
            token: api.token,
            body: { user_id: userId },
          })
        ).status,
      ).toBe(200)

      // From her card to her rights: the Administrator preset, narrowed by two flags.
      await page.reload()
      await page.getByRole('link', { name: 'Rights in the workspace' }).click()
      await page.waitForURL(/\/team\/\d+\/rights$/)
      const rightsPath = pathOf(page)
      await page.getByRole('heading', { name: 'Rights of Lena Admin' }).waitFor()
      await page.getByLabel('Start from a role preset').waitFor()
      await screens.shoot(page, rightsEditorMachine)
      await page.getByLabel('Start from a role preset').selectOption({ label: 'Administrator' })
      await page.getByRole('button', { name: 'Apply the preset' }).click()
      await page.getByText(/The preset “Administrator” replaced the flags/).waitFor()
      await setFlag(page, 'settings_services_access', 'Service menu', false)
      await setFlag(page, 'goods list', 'Goods', false)
      await page.getByRole('button', { name: 'Review and save' }).click()
      const question = page.getByRole('region', { name: 'Save these changes?' })
      await question.getByText(/^Granted: .*Staff.*\.$/).waitFor()
      const granted = await question.getByText(/^Granted:/).textContent()
      expect(granted).not.toContain('Service menu')
      expect(granted).not.toMatch(/Goods[,.]/)
      await question.getByText('Create appointments for the last … days: from 0 days to no limit.').waitFor()
      await question.getByText('Edit appointments of the last … days: from 1 days to 7 days.').waitFor()
      // The question's heading by its id: the picture is taken in Russian too, where its name differs.
      await screens.shoot(page, rightsEditorMachine, { subject: page.locator('#rights-question-title') })
      // Back to editing keeps the edits; then saved on confirmation.
      await question.getByRole('button', { name: 'Back to editing' }).click()
      await page.getByRole('button', { name: 'Review and save' }).click()
      await page
        .getByRole('region', { name: 'Save these changes?' })
        .getByRole('button', { name: 'Save' })
        .click()
      await page.getByText('The rights are saved.').waitFor()
      await history(page)
        .getByText(/Anna Demo/)
        .waitFor()

      // The member sees exactly the sections the saved rights open.
      await memberPage.goto(`${e2e.server.origin}${companyPath}`)
      await memberPage.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
      await memberPage.waitForFunction(() =>
        [...document.querySelectorAll('nav a')].some((link) => link.textContent === 'Staff'),
      )
      expect((await navLinks(memberPage)).sort()).toEqual(
        [
          'Overview',
          'Appointment book',
          'Staff',
          // The halls and departments belong to the staff: whoever reads the team reads them.
          'Halls and departments',
          'Clients',
          'Client categories',
          'Custom fields',
          'Working hours',
          'Payment methods',
          'Storages',
        ].sort(),
      )
      await memberPage.goto(`${e2e.server.origin}${companyPath}/services`)
      await memberPage.getByRole('heading', { name: 'This section is closed to you' }).waitFor()

      // Dismissed with what it touches shown first, keeping her sign-in; then brought back.
      await page.goto(`${e2e.server.origin}${cardPath}`)
      await lifecycle(page).getByRole('button', { name: 'Dismiss' }).click()
      const dismissal = page.getByRole('form', { name: 'Dismiss Lena Admin' })
      await dismissal.getByText('Lena Admin performs no services, so no booking is affected.').waitFor()
      const removeSignIn = dismissal.getByLabel('Also remove their sign-in from this salon')
      if (await removeSignIn.isChecked()) await removeSignIn.uncheck()
      await dismissal.getByLabel('Last working day').fill('2026-11-20')
      await dismissal.getByRole('button', { name: 'Dismiss' }).click()
      await lifecycle(page).getByText('Lena Admin was dismissed on November 20, 2026.').waitFor()
      await lifecycle(page).getByRole('button', { name: 'Bring back to work' }).click()
      await lifecycle(page).getByText('Lena Admin is working at the salon.').waitFor()

      // A second change: the edit window narrowed to three days; the history lists both, newest first.
      const found: string[] = []
      await page.goto(`${e2e.server.origin}${rightsPath}`)
      await page.getByLabel('Edit appointments of the last … days').fill('3')
      await page.getByRole('button', { name: 'Review and save' }).click()
      await page
        .getByRole('region', { name: 'Save these changes?' })
        .getByText('Edit appointments of the last … days: from 7 days to 3 days.')
        .waitFor()
      await page
        .getByRole('region', { name: 'Save these changes?' })
        .getByRole('button', { name: 'Save' })
        .click()
      await page.getByText('The rights are saved.').waitFor()
      const entries = history(page).getByRole('listitem').filter({ hasText: 'Anna Demo' })
      await expect.poll(() => entries.count()).toBe(2)
      await entries
        .first()
        .getByText('Edit appointments of the last … days: from 7 days to 3 days.')
        .waitFor()
      await entries
        .nth(1)
        .getByText(/^Granted: .*Staff/)
        .waitFor()
      await axeAt(page, found)

      // The owner's own rights are shown with the reason, and nothing is offered to reduce them.
      await page.goto(`${e2e.server.origin}${companyPath}/team`)
      await page.getByRole('link', { name: 'Rights of Anna Demo' }).click()
      await page.getByText(/This is the owner of the company: they hold every right/).waitFor()
      expect(await page.getByRole('button', { name: 'Review and save' }).count()).toBe(0)
      await page.getByLabel('Find a right').fill('settings_services_access')
      expect(await page.getByRole('checkbox', { name: /^Service menu/ }).isDisabled()).toBe(true)
      expect(await page.getByRole('checkbox', { name: /^Service menu/ }).isChecked()).toBe(true)
      await axeAt(page, found)
      expect(found).toEqual([])
    } finally {
      await member.close()
      await owner.close()
    }
  })
})
