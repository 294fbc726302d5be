import type { Page } from 'playwright-core'
import { expect } from 'vitest'

/** The newest message the running server's development outbox holds for a recipient. */
export async function latestMessage(
  origin: string,
  recipient: string,
): Promise<{ text: string } | undefined> {
  const response = await fetch(`${origin}/api/v1/dev/outbox`)
  const body = (await response.json()) as { data: { recipient: string; text: string }[] }
  return body.data.find((message) => message.recipient === recipient)
}

/** The 6-digit code of the newest message to a recipient, waiting a little for it to arrive. */
export async function latestCode(origin: string, recipient: string, notBefore?: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const code = /\b(\d{6})\b/.exec((await latestMessage(origin, recipient))?.text ?? '')?.[1]
    if (code && code !== notBefore) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no code sent to ${recipient}`)
}

/** Calls the API as an outside client and answers the envelope's data. */
export async function apiCall<T = unknown>(
  origin: string,
  path: string,
  options: { method?: string; body?: unknown; token?: string } = {},
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${origin}/api/v1${path}`, {
    method: options.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const body = (await response.json()) as { data: T }
  return { status: response.status, data: body.data }
}

/** Signs in through the API as an outside client would: the access token and the account's first company. */
export async function signInThroughApi(
  origin: string,
  login: string,
  password: string,
): Promise<{ token: string; companyId: number }> {
  const signedIn = await apiCall<{ access_token: string }>(origin, '/auth', { body: { login, password } })
  const token = signedIn.data.access_token
  const companies = await apiCall<{ id: number }[]>(origin, '/companies', { method: 'GET', token })
  return { token, companyId: companies.data[0]!.id }
}

export async function signInOnPage(page: Page, login: string, password: string) {
  await page.getByLabel('E-mail or phone').fill(login)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

export const pathOf = (page: Page) => new URL(page.url()).pathname

/** Waits until nothing on the page is loading: every spinner (a page may show several at once) is gone. */
export async function untilLoaded(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.spinner').count(), { timeout: 20_000 }).toBe(0)
}
