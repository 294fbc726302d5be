import * as v from 'valibot'
import { sessionInfoSchema } from '../../contract/auth/schemas'
import { switchStateSchema } from '../../contract/auth/account-switching-schemas'
import { companiesSchema, companySchema } from '../../contract/companies/schemas'
import { localizedPath } from '../../contract/ui-languages'
import {
  accountPages,
  visibleSections,
  workspaceSections,
  type WorkspaceSection,
} from '../../contract/workspace-sections'
import type { AppWords } from '../i18n/app-words'
import { appMarkup, appText, drawnLanguageSwitcher } from './drawn-markup'
import { escapeHtml } from './first-paint'

/** The replies the frame is drawn from, as the API answered them for the page's token (server/http/page-replies.ts). */
export interface WorkspaceFrameReplies {
  session: unknown
  switchState: unknown
  company: unknown
  companies: unknown
}

/** Where the page stands: its section's path ('' for the overview) and whether it goes deeper. */
export interface WorkspacePlace {
  sectionPath: string
  deeper: boolean
}

/** The section or account page a workspace path opens by its first part; undefined for a page outside the table. */
const pageAt = (path: string): WorkspaceSection | undefined =>
  [...workspaceSections, ...accountPages].find((section) => section.path === path)

/** The data of an envelope `{ success, data }` read with `schema`, or undefined when it does not fit. */
function dataOf<T extends v.GenericSchema>(reply: unknown, schema: T): v.InferOutput<T> | undefined {
  const parsed = v.safeParse(v.object({ data: schema }), reply)
  return parsed.success ? parsed.output.data : undefined
}

/**
 * The frame of a workspace page (src/business/shell/workspace-shell.tsx) as the server draws it: the company, the
 * user's menu and the sections the user's rights open, with the same elements, classes and words as the app's
 * render, so that the page shows its frame with the HTML and the style sheets and the app's first render replaces
 * it without a visible change (test/e2e/drawn-first-screens.test.ts compares both box by box). The section's own
 * content is left to the app. Its links work as plain links; what would act before the app runs (the company
 * switcher, the language switch, signing out) is `inert` until the app replaces it. Not drawn (undefined) while
 * support acts as the user (the app's banner says so first), or when a reply it needs is missing.
 */
export function drawnWorkspaceFrame(
  words: AppWords,
  place: WorkspacePlace,
  replies: WorkspaceFrameReplies,
): string | undefined {
  const session = dataOf(replies.session, sessionInfoSchema)
  const switchState = dataOf(replies.switchState, switchStateSchema)
  const company = dataOf(replies.company, companySchema)
  const companies = dataOf(replies.companies, companiesSchema)
  const current = pageAt(place.sectionPath)
  if (!session || !switchState || !company || !companies || !current || switchState.switched_from) return
  const path = (rest: string) => escapeHtml(localizedPath(words.language, `/company/${company.id}${rest}`))
  // The link to the page open now, as the router marks it (exactly there: `data-status`).
  const mark = (isCurrent: boolean) =>
    isCurrent ? ` aria-current="page"${place.deeper ? '' : ' data-status="active"'}` : ''
  const navigation = visibleSections(company.access, company.main_group_id !== null)
    .map(
      (section) =>
        `<li><a href="${path(section.path)}"${mark(section.key === current.key)}>` +
        `${appText(words, section.title)}</a></li>`,
    )
    .join('')
  const title = escapeHtml(company.title)
  // The switcher is a disclosure once there is a company to switch to (src/business/shell/company-switcher.tsx).
  const switcher =
    companies.length < 2
      ? `<p class="workspace__company">${title}</p>`
      : `<details class="menu" inert><summary class="menu__button" aria-label="${appMarkup(
          words,
          'Company: {0}. Switch company',
          { values: { 0: company.title } },
        )}">${title}</summary></details>`
  const translator = session.user.page_flags.includes('translator')
  const userMenu =
    '<div class="user-menu">' +
    `<p class="topbar__user">${appMarkup(words, 'Signed in as {userName}', { values: { userName: session.user.name } })}</p>` +
    `<a class="user-menu__link" href="${path('/security')}"${mark(current.key === 'security')}>${appText(words, 'Security')}</a>` +
    (translator
      ? `<a class="user-menu__link" href="${escapeHtml(localizedPath(words.language, '/translations/missing'))}">${appText(words, 'Missing translations')}</a>`
      : '') +
    drawnLanguageSwitcher(words) +
    `<button type="button" class="button" inert>${appText(words, 'Sign out')}</button>` +
    '</div>'
  return (
    '<main class="page"><div class="workspace">' +
    `<header class="topbar workspace__bar">${switcher}${userMenu}</header>` +
    `<nav class="workspace__nav" aria-label="${appText(words, 'Sections')}"><ul>${navigation}</ul></nav>` +
    '<div class="workspace__main"></div>' +
    '</div></main>'
  )
}
