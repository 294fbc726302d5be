import { ACCESS_TOKEN_COOKIE } from '../../contract/browser-cookies'
import { localizedPath } from '../../contract/ui-languages'
import type { FirstPaint } from '../http/first-paint'
import {
  appMarkup,
  appText,
  drawnLanguageSwitcher,
  drawnPageTitle,
  drawnSupportFooter,
} from '../http/drawn-markup'
import { unprefixedPath } from '../http/unprefixed-path'
import type { AppWords } from '../i18n/app-words'

/** A field of the sign-in form as src/ui/text-field.tsx renders it. */
const field = (id: string, label: string, attributes: string) =>
  `<div class="field"><label class="field__label" for="${id}">${label}</label>` +
  `<input ${attributes} required id="${id}" name="${id.replace('drawn-', '')}"></div>`

/**
 * The sign-in page (src/flows/signin/sign-in-screen.tsx) as the server draws it, so that a visitor sees the form
 * with the HTML and the style sheets, before the app's scripts have arrived. The form is `inert` until the app's
 * own replaces it: what is typed into a drawn field would be lost, so the drawn one takes no input; its links work
 * as plain links. Drawn only for a visitor without the access-token cookie (one with it is likely signed in and is
 * taken to the workspace), and not for `/signin/{hash}` (a remembered account's form).
 */
export function signInFirstPaint(
  url: string,
  words: AppWords | undefined,
  cookies: Record<string, string | undefined>,
): FirstPaint | undefined {
  if (!words || unprefixedPath(url) !== '/signin' || cookies[ACCESS_TOKEN_COOKIE]) return undefined
  const signIn = appText(words, 'Sign in')
  const link = (path: string) => (inner: string) =>
    `<a href="${localizedPath(words.language, path)}">${inner}</a>`
  const markup =
    '<main class="page"><section class="card auth-card" aria-labelledby="sign-in-title">' +
    drawnLanguageSwitcher(words) +
    `<h1 id="sign-in-title">${signIn}</h1>` +
    '<form novalidate inert>' +
    field(
      'drawn-login',
      appText(words, 'E-mail or phone'),
      'autocomplete="username" inputmode="email" type="text"',
    ) +
    field('drawn-password', appText(words, 'Password'), 'autocomplete="current-password" type="password"') +
    `<button type="submit" class="button button--primary" aria-busy="false">${signIn}</button></form>` +
    `<p>${link('/signin/reset/send_code')(appText(words, 'Forgot your password?'))}</p>` +
    `<p>${appMarkup(words, 'New here? <0>Register</0>', { elements: [link('/onboarding/first')] })}</p>` +
    '</section>' +
    drawnSupportFooter(words) +
    '</main>'
  return {
    markup,
    title: drawnPageTitle(words, 'Sign in'),
    description: words.word(
      'Sign in to Salon to run your salon: the service menu, the team, working hours and who may do what.',
    ),
  }
}
