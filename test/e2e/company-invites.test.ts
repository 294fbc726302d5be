import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { signInOnPage } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

/** The token at the end of an invite link. */
const tokenOf = (link: string) => link.split('/invite/')[1]!

describe("the company's invitations in Chromium", () => {
  it('lists a sent invitation with its sender, sends it again with a new link, and withdraws it', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await e2e.browser.newContext({ bypassCSP: true })
    try {
      const page = await context.newPage()
      await page.goto(`${e2e.server.origin}/en/signin`)
      await signInOnPage(page, 'other@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Northern Barbers' }).waitFor()

      const form = page.getByRole('region', { name: 'Invite a colleague' })
      await form.getByLabel('E-mail or phone').fill('new.barber@example.com')
      await form.getByRole('button', { name: 'Send the invitation' }).click()
      const firstLink = await form.getByRole('link', { name: /\/en\/invite\// }).getAttribute('href')
      const invites = page.getByRole('region', { name: 'Invitations' })
      const row = invites.getByRole('listitem', { name: 'new.barber@example.com' })
      await row.getByText(/^Waiting, valid until/).waitFor()
      await row.getByText(/^Sent by Oleg Other on/).waitFor()

      // Sent again: a new link, and the first one no longer opens the invitation.
      await row.getByRole('button', { name: 'Send again to new.barber@example.com' }).click()
      await page.getByText('A new invitation link was sent to new.barber@example.com.').waitFor()
      const first = await fetch(`${e2e.server.origin}/api/v1/invites/${tokenOf(firstLink!)}`)
      expect(first.status).toBe(404)

      // Withdrawn after a question; the state stays over a reload.
      await row.getByRole('button', { name: 'Withdraw the invitation of new.barber@example.com' }).click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click()
      await row.getByText('Withdrawn').waitFor()
      await page.reload()
      await page
        .getByRole('region', { name: 'Invitations' })
        .getByRole('listitem', { name: 'new.barber@example.com' })
        .getByText('Withdrawn')
        .waitFor()

      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const violation of await seriousAxeViolations(page)) found.push(`${width} ${violation}`)
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
        if (overflow) found.push(`${width} overflows sideways`)
      }
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
})
