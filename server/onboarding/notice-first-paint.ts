import { ACCESS_TOKEN_COOKIE, ONBOARDING_NOTICE_COOKIE } from '../../contract/browser-cookies'
import type { FirstPaint } from '../http/first-paint'
import { appText, drawnLanguageSwitcher, drawnPageTitle, drawnSupportFooter } from '../http/drawn-markup'
import { unprefixedPath } from '../http/unprefixed-path'
import type { AppWords } from '../i18n/app-words'

const NOTICE =
  'Accounts are for businesses that provide services. Sending spam, reselling accounts and any activity forbidden by law are not allowed, and accounts used for them are closed.'

/**
 * The registration's first page as a new visitor first sees it: the notice of what accounts may not be used for
 * (src/flows/onboarding/forbidden-notice.tsx in its step card), drawn by the server so that it shows with the HTML
 * and the style sheets. Its button is `inert` until the app's own replaces it. Not drawn for a visitor who has
 * accepted the notice before (the app shows the form) or who has the access-token cookie (likely signed in).
 */
export function onboardingNoticeFirstPaint(
  url: string,
  words: AppWords | undefined,
  cookies: Record<string, string | undefined>,
): FirstPaint | undefined {
  if (!words || unprefixedPath(url) !== '/onboarding/first') return undefined
  if (cookies[ONBOARDING_NOTICE_COOKIE] === '1' || cookies[ACCESS_TOKEN_COOKIE]) return undefined
  const markup =
    '<main class="page"><section class="card auth-card onboarding-card" aria-labelledby="forbidden-notice-title">' +
    drawnLanguageSwitcher(words) +
    `<h1 id="forbidden-notice-title">${appText(words, 'Before you register')}</h1>` +
    `<p>${appText(words, NOTICE)}</p>` +
    `<button type="button" class="button button--primary" inert>${appText(words, 'I understand')}</button>` +
    '</section>' +
    drawnSupportFooter(words) +
    '</main>'
  return {
    markup,
    title: drawnPageTitle(words, 'Before you register'),
    description: words.word(
      'Register your business with Salon and try it free: your services, your team and your working hours in one place.',
    ),
  }
}
