import { msg } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { isLanguage } from '../../../contract/ui-languages'
import type { MissingKeyEntry } from '../../../contract/i18n/missing-keys-schemas'
import { pageFlagsQueryOptions } from '../../api/flows/flows-access'
import { missingKeysQueryOptions } from '../../api/translations/missing-keys'
import { useSessionActor } from '../../app/session-context'
import { ownName } from '../../../contract/language-names'
import { usePageTitle } from '../../ui/page-title'
import { Spinner } from '../../ui/spinner'
import { ActingAsBanner } from '../shell/acting-as-banner'
import { UserMenu } from '../shell/user-menu'
import { downloadText } from '../../ui/download'
import { missingKeysCsv, missingKeysJson } from './missing-keys-export'

/** The filter's value for every language. */
const ALL = ''

const nameOf = (language: string) => (isLanguage(language) ? ownName(language) : language)

/**
 * The translator's page (SPEC.md section 6): the keys that translators' apps showed without a translation, per
 * language, with how often and when last; downloadable as CSV or JSON for one language or all. Users without
 * the translator page flag are told the page is not for them.
 */
export function MissingTranslationsScreen() {
  usePageTitle(msg`Missing translations`)
  const session = useSessionActor()
  const userId = useSelector(session, (snapshot) => snapshot.context.user?.id ?? null)
  const pageFlags = useQuery({ ...pageFlagsQueryOptions(userId ?? 0), enabled: userId !== null })
  const translator = pageFlags.data?.includes('translator') === true
  return (
    <div className="home">
      <ActingAsBanner />
      <header className="topbar">
        <UserMenu />
      </header>
      {pageFlags.isPending ? (
        <Spinner size="large" />
      ) : translator ? (
        <MissingKeysList />
      ) : (
        <section className="card" role="alert" aria-labelledby="missing-translations-title">
          <h1 id="missing-translations-title">
            <Trans>Missing translations</Trans>
          </h1>
          <p>
            <Trans>This page is not available to you: only translators see the missing translations.</Trans>
          </p>
          <p>
            <a href="/">
              <Trans>Go to the start page</Trans>
            </a>
          </p>
        </section>
      )}
    </div>
  )
}

function MissingKeysList() {
  const { t } = useLingui()
  const list = useQuery(missingKeysQueryOptions())
  const [language, setLanguage] = useState(ALL)

  if (list.isPending) return <Spinner size="large" />
  if (list.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Missing translations</Trans>
        </h1>
        <p>{list.error.message}</p>
        <button type="button" className="button" onClick={() => void list.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  const all = list.data
  const languagesInList = [...new Set(all.map((entry) => entry.language))]
  const shown = language === ALL ? all : all.filter((entry) => entry.language === language)
  const groups = languagesInList
    .filter((item) => language === ALL || item === language)
    .map((item) => ({ language: item, entries: shown.filter((entry) => entry.language === item) }))
  const count = shown.length
  const fileName = `missing-translations-${language === ALL ? 'all' : language}`

  return (
    <section className="card" aria-labelledby="missing-translations-title">
      <h1 id="missing-translations-title">
        <Trans>Missing translations</Trans>
      </h1>
      <p>
        <Trans>
          Texts that translators’ apps showed without a translation, per language. Add them to the language’s
          catalog.
        </Trans>
      </p>
      {all.length === 0 ? (
        <p>
          <Trans>No missing translations have been reported.</Trans>
        </p>
      ) : (
        <>
          <div className="field">
            <label className="field__label" htmlFor="missing-translations-language">
              <Trans>Show the language</Trans>
            </label>
            <select
              id="missing-translations-language"
              value={language}
              onChange={(event) => setLanguage(event.target.value)}
            >
              <option value={ALL}>{t`All languages`}</option>
              {languagesInList.map((item) => (
                <option key={item} value={item} translate="no">
                  {nameOf(item)}
                </option>
              ))}
            </select>
          </div>
          <p role="status">
            <Plural
              value={count}
              one="# missing key"
              few="# missing keys"
              many="# missing keys"
              other="# missing keys"
            />
          </p>
          <div className="missing-translations__actions">
            <button
              type="button"
              className="button"
              onClick={() => downloadText(`${fileName}.csv`, missingKeysCsv(shown), 'text/csv;charset=utf-8')}
            >
              <Trans>Download CSV</Trans>
            </button>
            <button
              type="button"
              className="button"
              onClick={() =>
                downloadText(`${fileName}.json`, missingKeysJson(shown), 'application/json;charset=utf-8')
              }
            >
              <Trans>Download JSON</Trans>
            </button>
          </div>
          {groups.map((group) => (
            <LanguageGroup key={group.language} language={group.language} entries={group.entries} />
          ))}
        </>
      )}
    </section>
  )
}

/** One language's keys, alphabetically as the server lists them. */
function LanguageGroup({ language, entries }: { language: string; entries: MissingKeyEntry[] }) {
  const { i18n } = useLingui()
  const headingId = `missing-translations-${language}`
  const name = nameOf(language)
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>
        <span translate="no">{name}</span> ({entries.length})
      </h2>
      <table>
        <caption className="visually-hidden">
          <Trans>Missing translations: {name}</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Text</Trans>
            </th>
            <th scope="col">
              <Trans>Times seen</Trans>
            </th>
            <th scope="col">
              <Trans>Last seen</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.key}>
              <td translate="no">{entry.key}</td>
              <td>{i18n.number(entry.count)}</td>
              <td>{i18n.date(new Date(entry.last_seen), { dateStyle: 'medium', timeStyle: 'short' })}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
