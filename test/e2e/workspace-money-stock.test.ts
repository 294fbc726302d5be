import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { seriousAxeViolations } from '../support/axe-check'
import { pathOf, signInOnPage, untilLoaded } from '../support/e2e-journey-helpers'
import { useServerAndBrowser } from '../support/e2e-session'

const e2e = useServerAndBrowser()

/** Signs the demo owner in and opens a section of Beauty Line — Tverskaya from the navigation. */
async function openSection(page: Page, link: string, path: string) {
  await page.goto(`${e2e.server.origin}/en/signin`)
  await signInOnPage(page, 'demo@example.com', 'demo12345')
  await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: link }).click()
  await page.waitForURL(new RegExp(`/en/company/\\d+/${path}$`))
  await page.getByRole('heading', { name: link, level: 1 }).waitFor()
}

/** Answers a row's question to delete it. */
async function deleteRow(page: Page, title: string) {
  await page.getByRole('button', { name: `Delete ${title}` }).click()
  await page
    .getByRole('alertdialog', { name: `Delete ${title}` })
    .getByRole('button', { name: 'Delete' })
    .click()
}

describe('money and stock references in Chromium', () => {
  it('shows the accounts with their balances; creates, renames and deletes one; says why one with money stays', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openSection(page, 'Accounts', 'accounts')
      await page.getByRole('listitem', { name: 'Front desk cash' }).getByText('14 800 ₽').waitFor()
      await page.getByRole('listitem', { name: 'Sberbank account' }).getByText('70 599.5 ₽').waitFor()

      const form = page.getByRole('form', { name: 'New account' })
      await form.getByLabel('New account').fill('Evening till')
      await form.getByLabel('Type').selectOption({ label: 'Bank account' })
      await form.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Account "Evening till" created.').waitFor()
      const till = page.getByRole('listitem', { name: 'Evening till' })
      await till.getByText('Bank account').waitFor()
      await till.getByText('0 ₽').waitFor()

      await page.getByRole('button', { name: 'Change Evening till' }).click()
      const change = page.getByRole('form', { name: 'Change Evening till' })
      await change.getByLabel('Title').fill('Evening safe')
      await change.getByLabel('Type').selectOption({ label: 'Cash desk' })
      await change.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('listitem', { name: 'Evening safe' }).getByText('Cash desk').waitFor()

      await deleteRow(page, 'Front desk cash')
      await page
        .getByRole('alertdialog', { name: 'Delete Front desk cash' })
        .getByText(/"Front desk cash" cannot be deleted: it holds 3 transactions with a balance of 14 800 ₽/)
        .waitFor()

      await deleteRow(page, 'Evening safe')
      await page.getByText('Account "Evening safe" deleted.').waitFor()
      await page.reload()
      await page.getByRole('listitem', { name: 'Front desk cash' }).waitFor()
      expect(await page.getByRole('listitem', { name: 'Evening safe' }).count()).toBe(0)
    } finally {
      await context.close()
    }
  })

  it('creates, renames and deletes storages, shows the units, and keeps the last storage with the reason', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openSection(page, 'Storages', 'storages')
      await page.getByRole('list', { name: 'Units of measure' }).getByText('Piece').waitFor()

      await page.getByRole('textbox', { name: 'New storage' }).fill('Nail bar')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Storage "Nail bar" created.').waitFor()
      // A title in use, in any case, is refused under the field.
      await page.getByRole('textbox', { name: 'New storage' }).fill('back ROOM')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByText('A storage with this title already exists.').waitFor()

      await page.getByRole('button', { name: 'Change Nail bar' }).click()
      const change = page.getByRole('form', { name: 'Change Nail bar' })
      await change.getByLabel('Title').fill('Nail bar shelf')
      await change.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('listitem', { name: 'Nail bar shelf' }).getByText('Goods for sale').waitFor()

      for (const title of ['Nail bar shelf', 'Back room']) {
        await deleteRow(page, title)
        await page.getByText(`Storage "${title}" deleted.`).waitFor()
      }
      await deleteRow(page, 'Retail shelf')
      await page
        .getByRole('alertdialog', { name: 'Delete Retail shelf' })
        .getByText(/"Retail shelf" cannot be deleted: it is the salon's last storage/)
        .waitFor()
      await page.reload()
      await page.getByRole('listitem', { name: 'Retail shelf' }).waitFor()
      expect(await page.getByRole('list', { name: 'Storages' }).getByRole('listitem').count()).toBe(1)
    } finally {
      await context.close()
    }
  })

  it('creates a client category, finds it by search (kept in the address), renames and deletes it', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await openSection(page, 'Client categories', 'client-categories')
      await page.getByRole('listitem', { name: 'VIP' }).waitFor()
      await page.getByText('Page 1 of 1 · 4 in all').waitFor()

      await page.getByRole('textbox', { name: 'New category' }).fill('Students')
      await page.getByRole('radio', { name: 'Colour #0b6bcb' }).check()
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByText('Category "Students" created.').waitFor()
      await page.getByRole('textbox', { name: 'New category' }).fill('vip')
      await page.getByRole('button', { name: 'Create' }).click()
      await page.getByText('A category with this title already exists.').waitFor()

      await page.getByRole('searchbox', { name: 'Search by title' }).fill('stud')
      await page.waitForURL(/\?q=stud$/)
      await page.getByText('Page 1 of 1 · 1 in all').waitFor()
      await page.reload()
      await page.getByRole('listitem', { name: 'Students' }).waitFor()
      expect(await page.getByRole('searchbox', { name: 'Search by title' }).inputValue()).toBe('stud')

      await page.getByRole('button', { name: 'Change Students' }).click()
      const change = page.getByRole('form', { name: 'Change Students' })
      await change.getByLabel('Title').fill('Students 18+')
      await change.getByRole('button', { name: 'Save' }).click()
      await page.getByRole('listitem', { name: 'Students 18+' }).waitFor()

      await deleteRow(page, 'Students 18+')
      await page.getByText('Category "Students 18+" deleted.').waitFor()
      await page.getByText('No category matches the search.').waitFor()
    } finally {
      await context.close()
    }
  })

  it('passes axe and fits a phone on each page, in English and Russian, with a change form and a refusal open', async () => {
    // The app's Content-Security-Policy forbids inline scripts, axe's included; the check alone may bypass it.
    const context = await e2e.browser.newContext({ bypassCSP: true })
    const page = await context.newPage()
    try {
      await openSection(page, 'Accounts', 'accounts')
      const companyPath = pathOf(page).replace(/\/accounts$/, '')
      const found: string[] = []
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 })
        for (const section of ['accounts', 'storages', 'client-categories']) {
          for (const address of [
            `${companyPath}/${section}`,
            `${companyPath.replace(/^\/en/, '')}/${section}`,
          ]) {
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
      // The change forms and the refusal are part of the pages too.
      await page.goto(`${e2e.server.origin}${companyPath}/accounts`)
      await page.getByRole('button', { name: 'Change Sberbank account' }).click()
      await deleteRow(page, 'Front desk cash')
      await page
        .getByRole('alertdialog', { name: 'Delete Front desk cash' })
        .getByText(/cannot be deleted/)
        .waitFor()
      for (const violation of await seriousAxeViolations(page)) found.push(`open forms ${violation}`)
      expect(found).toEqual([])
    } finally {
      await context.close()
    }
  })
  it('neither lists nor opens the three sections for a specialist, whose rights include none of them', async () => {
    const context = await e2e.browser.newContext()
    try {
      const page = await context.newPage()
      await page.goto(`${e2e.server.origin}/en/signin`)
      await signInOnPage(page, 'master@example.com', 'demo12345')
      await page.getByRole('heading', { name: 'Beauty Line — Tverskaya' }).waitFor()
      const nav = page.getByRole('navigation', { name: 'Sections' })
      await nav.getByRole('link', { name: 'Overview' }).waitFor()
      for (const link of ['Accounts', 'Storages', 'Client categories'])
        expect(await nav.getByRole('link', { name: link }).count(), link).toBe(0)
      const companyPath = pathOf(page).match(/^\/en\/company\/\d+/)?.[0] ?? '/en/company/1'
      for (const section of ['accounts', 'storages', 'client-categories']) {
        await page.goto(`${e2e.server.origin}${companyPath}/${section}`)
        await page.getByRole('heading', { name: 'This section is closed to you', level: 1 }).waitFor()
      }
    } finally {
      await context.close()
    }
  })
})
