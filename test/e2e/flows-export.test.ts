import { readFileSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchBrowser } from '../support/browser'
import { startServer, type RunningServer } from '../support/e2e-server'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})

afterAll(async () => {
  await browser?.close()
  expect(await server?.stop()).toBe(0)
})

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer) {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

describe('a flow for documents and review', () => {
  it('shows the screenshot of a screen state in the panel, desktop and phone', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/en/flows/signIn`)
    const failed = page.locator('[data-state-id="signIn.form.failed"]')
    // Resting the pointer on a photographed state shows its screen beside it.
    await failed.hover()
    const thumbnail = page.locator('img.flow-hover-screenshot')
    await expect.poll(() => thumbnail.getAttribute('src')).toMatch(/form\.failed\.en\.1280.*\.jpg$/)
    await page.locator('[data-state-id="signIn.submitting"]').hover()
    await expect.poll(() => thumbnail.count()).toBe(0)

    await failed.focus()
    await page.keyboard.press('Enter')
    const panel = page.getByRole('complementary', { name: 'The form shows why the sign-in failed' })
    const picture = panel.getByRole('img', {
      name: 'The screen of “The form shows why the sign-in failed”, 1280 px wide',
    })
    await picture.waitFor()
    await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(800)
    await expect(panel.textContent()).resolves.toMatch(/As the browser tests saw it on \d{4}-\d{2}-\d{2}/)

    await panel.getByRole('button', { name: 'Mobile (390 px)' }).click()
    const phone = panel.getByRole('img', { name: /390 px wide$/ })
    await expect
      .poll(() => phone.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0)
    await expect(
      panel.getByRole('button', { name: 'Mobile (390 px)' }).getAttribute('aria-pressed'),
    ).resolves.toBe('true')

    // A state that only waits for the server has no screen of its own, so no picture.
    await page.locator('[data-state-id="signIn.submitting"]').focus()
    await page.keyboard.press('Enter')
    await page.getByRole('complementary', { name: 'The login and password are being checked' }).waitFor()
    await expect(page.locator('.flow-screenshot').count()).resolves.toBe(0)
    await page.close()
  })

  it('shows a Russian reader the Russian screen, on hover and in the panel', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/flows/signIn`)
    const failed = page.locator('[data-state-id="signIn.form.failed"]')
    await failed.hover()
    await expect
      .poll(() => page.locator('img.flow-hover-screenshot').getAttribute('src'))
      .toMatch(/form\.failed\.ru\.1280.*\.jpg$/)
    await failed.focus()
    await page.keyboard.press('Enter')
    const picture = page.locator('.flow-screenshot img')
    await expect.poll(() => picture.getAttribute('src')).toMatch(/form\.failed\.ru\.1280.*\.jpg$/)
    await page.close()
  })

  it('calls a photographed state without a route of its own a step within a page, not "no screen"', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/en/flows/onlineBooking`)
    const screenField = page
      .locator('.flow-panel dt', { hasText: /^Screen$/ })
      .locator('xpath=following-sibling::dd[1]')
    await page.locator('[data-state-id="onlineBooking.time"]').focus()
    await page.keyboard.press('Enter')
    await page.locator('.flow-screenshot img').waitFor()
    await expect.poll(() => screenField.textContent()).toBe('a step within a page, as the picture shows')
    // A step that only waits for the server has no picture, and no screen.
    await page.locator('[data-state-id="onlineBooking.contact.requesting"]').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => screenField.textContent()).toBe('none')
    await page.close()
  })

  it('downloads the drawn diagram as SVG and as a PNG twice its size', async () => {
    const page = await browser.newPage()
    await page.goto(`${server.origin}/en/flows/resetPassword`)
    const svg = page.locator('svg[data-machine-id="resetPassword"]')
    await svg.waitFor()
    // The page shows the screens' thumbnails; a standalone file could not reach them, so it leaves them out.
    await expect.poll(() => svg.locator('.state-thumbnail img').count()).toBeGreaterThan(0)

    const [svgDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download SVG' }).click(),
    ])
    expect(svgDownload.suggestedFilename()).toBe('resetPassword.svg')
    const svgText = readFileSync((await svgDownload.path())!, 'utf8')
    const [, width, height] = /<svg[^>]* width="([\d.]+)" height="([\d.]+)"/.exec(svgText) ?? []
    expect(Number(width)).toBeGreaterThan(100)
    expect(svgText).not.toContain('<foreignObject')
    expect(svgText).not.toMatch(/\.jpg/)

    const [pngDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ])
    expect(pngDownload.suggestedFilename()).toBe('resetPassword.png')
    const png = readFileSync((await pngDownload.path())!)
    const size = pngSize(png)
    expect(size.width).toBe(Math.round(Number(width) * 2))
    expect(size.height).toBe(Math.round(Number(height) * 2))
    // A drawn picture, not a blank canvas: many of its pixels are not white.
    const inked = await page.evaluate(
      async (source) => {
        const image = new Image()
        image.src = source
        await image.decode()
        const canvas = document.createElement('canvas')
        canvas.width = image.naturalWidth
        canvas.height = image.naturalHeight
        const context = canvas.getContext('2d')!
        context.drawImage(image, 0, 0)
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
        let count = 0
        for (let index = 0; index < data.length; index += 4)
          if (data[index]! < 200 || data[index + 1]! < 200 || data[index + 2]! < 200) count += 1
        return count
      },
      `data:image/png;base64,${png.toString('base64')}`,
    )
    expect(inked).toBeGreaterThan(10_000)
    await page.close()
  })

  it('keeps the screenshots out of the first screen’s scripts', async () => {
    const html = await (await fetch(`${server.origin}/en/signin`)).text()
    const scripts = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="([^"]+\.js)"/g)].map(
      (match) => match[1]!,
    )
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      const text = await (await fetch(new URL(script, server.origin))).text()
      expect(text.includes('.en.1280'), script).toBe(false)
    }
  })
})
