import { describe, expect, it } from 'vitest'
import { signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

describe('the client base in Chromium', () => {
  it('adds a client, finds them by a phone typed differently, imports a CSV with a bad row, merges two clients', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${e2e.server.origin}/en/signin`)
      await signInOnPage(page, 'demo@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
      await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Clients' }).click()
      await page.waitForURL(/\/en\/company\/\d+\/clients$/)
      await page.getByRole('heading', { name: 'Clients', level: 1 }).waitFor()

      // A new client, the phone typed the Russian domestic way.
      await page.getByRole('button', { name: 'New client' }).click()
      const dialog = page.getByRole('dialog', { name: 'New client' })
      await dialog.getByLabel('Name', { exact: true }).fill('Vera')
      await dialog.getByLabel('Surname').fill('Journey')
      await dialog.getByLabel('Phone', { exact: true }).fill('8 916 777-11-22')
      await dialog.getByRole('button', { name: 'Add client' }).click()
      await page.getByRole('heading', { name: 'Vera Journey', level: 1 }).waitFor()
      expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('+7 916 777 11 22')

      // Found again from the list by the number typed internationally, with brackets.
      await page.getByRole('link', { name: 'All clients' }).first().click()
      await page.getByRole('searchbox', { name: 'Search by name, phone or e-mail' }).fill('+7 (916) 777-11')
      const list = page.getByRole('list', { name: 'Clients' })
      await list.getByRole('link', { name: 'Vera Journey' }).waitFor()
      expect(await list.getByRole('link').count()).toBe(1)

      // The import: a preview with the bad row and why, then the report.
      await page.getByRole('link', { name: 'Import from CSV' }).click()
      await page.getByRole('heading', { name: 'Import clients', level: 1 }).waitFor()
      const csv =
        'Name;Surname;Phone;E-mail\nVera;Journey-2;;vera@example.com\nLev;Imported;+7 916 777 11 33;\nBad;Phone;12345;\n'
      await page
        .getByLabel('CSV file')
        .setInputFiles({ name: 'clients.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
      await page.getByText('To be added: 2. To be skipped: 1.').waitFor()
      await page.getByRole('row', { name: /Bad Phone.*Skipped: not a valid phone number/ }).waitFor()
      await page.getByRole('button', { name: 'Import the clients (2)' }).click()
      await page.getByText('Added: 2. Skipped: 1.').waitFor()

      // Merge: the imported Vera is the same person as the one added by hand.
      await page.getByRole('link', { name: 'All clients' }).click()
      await page.getByRole('searchbox', { name: 'Search by name, phone or e-mail' }).fill('Vera Journey')
      await list.getByRole('link', { name: 'Vera Journey', exact: true }).click()
      await page.getByRole('heading', { name: 'Vera Journey', level: 1 }).waitFor()
      await page.getByRole('searchbox', { name: 'This is the same person as…' }).fill('vera@example')
      await page.getByRole('button', { name: /Vera Journey-2/ }).click()
      await page
        .getByRole('group', { name: 'Confirm the merge' })
        .getByRole('button', { name: 'Merge into this card' })
        .click()
      await page.getByText('Vera Journey-2 is merged into this card. Items moved: 0.').waitFor()
      // The e-mail the duplicate had now fills this card, and the list holds one Vera.
      await expect
        .poll(() => page.getByLabel('E-mail', { exact: true }).inputValue())
        .toBe('vera@example.com')
      await page.getByRole('link', { name: 'All clients' }).click()
      await page.getByRole('searchbox', { name: 'Search by name, phone or e-mail' }).fill('Vera')
      await list.getByRole('link', { name: 'Vera Journey', exact: true }).waitFor()
      await expect.poll(() => list.getByRole('link').count()).toBe(1)
    } finally {
      await context.close()
    }
  })
})
