import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useParams } from '@tanstack/react-router'
import { useState, type FormEvent } from 'react'
import type { FrameOrigins } from '../../../contract/online-booking/frame-origins'
import { ApiError } from '../../api/api-error'
import { useFrameOrigins, useSaveFrameOrigins } from '../../api/online-booking/frame-origins'
import { serverFieldErrorTexts } from '../../ui/field-error-text'
import { Form } from '../../ui/form'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextAreaField } from '../../ui/text-area-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { iframeSnippet, readTypedOrigins } from './site-origins-rules'
import { SnippetCard } from './snippet-card'

/**
 * /company/{id}/online-booking: the company's booking pages as a client opens them, the code that shows them on
 * the salon's own site, and the sites allowed to show them (each page refuses to appear in any other site's frame).
 */
export function OnlineBookingSiteScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Booking on your site`)
  const company = useCurrentCompany()
  const { lang } = useParams({ strict: false }) as { lang?: string }
  const origins = useFrameOrigins(company.id)
  const mayEdit = company.access.options_company_edit_access
  const companyTitle = company.title
  const prefix = `${window.location.origin}${lang ? `/${lang}` : ''}/b2c`
  const companyPage = `${prefix}/${company.id}`
  const chainPage = company.main_group_id === null ? null : `${prefix}/chain/${company.main_group_id}`
  return (
    <>
      <section className="card" aria-labelledby="site-booking-title">
        <h1 id="site-booking-title">
          <Trans>Booking on your site</Trans>
        </h1>
        <p className="section-intro">
          <Trans>
            Clients book on the salon's booking page. Give them its link, or show the page on your own site by
            pasting the code below into it, and list that site under "Sites that may show the booking page".
          </Trans>
        </p>
        <SnippetCard
          title={<Trans>The salon's booking page</Trans>}
          pageUrl={companyPage}
          snippet={iframeSnippet(companyPage, t`Online booking: ${companyTitle}`)}
        />
        {chainPage ? (
          <SnippetCard
            title={<Trans>The chain's booking page, where the client chooses the salon</Trans>}
            pageUrl={chainPage}
            snippet={iframeSnippet(chainPage, t`Online booking`)}
          />
        ) : null}
      </section>
      <section className="card" aria-labelledby="site-origins-title">
        <h2 id="site-origins-title">
          <Trans>Sites that may show the booking page</Trans>
        </h2>
        {mayEdit ? null : (
          <ReadOnlyNote>
            <Trans>
              You can see these sites but not change them: your rights in this company do not include editing
              the company's settings.
            </Trans>
          </ReadOnlyNote>
        )}
        {origins.isPending ? (
          <Spinner />
        ) : origins.isError ? (
          <div role="alert">
            <p>
              <Trans>The list of sites could not be loaded.</Trans>
            </p>
            <button type="button" className="button" onClick={() => void origins.refetch()}>
              {t`Try again`}
            </button>
          </div>
        ) : (
          <OriginsForm key={origins.data.origins.join(' ')} saved={origins.data} mayEdit={mayEdit} />
        )}
      </section>
    </>
  )
}

function OriginsForm({ saved, mayEdit }: { saved: FrameOrigins; mayEdit: boolean }) {
  const { t } = useLingui()
  const company = useCurrentCompany()
  const save = useSaveFrameOrigins(company.id)
  const [text, setText] = useState(saved.origins.join('\n'))
  const [problem, setProblem] = useState<string | undefined>()
  const failure = save.error instanceof ApiError ? save.error : null
  const serverProblem =
    failure?.status === 422
      ? (Object.values(
          serverFieldErrorTexts(failure.details.fieldErrors, failure.details.fieldErrorKeys),
        )[0] ?? t`Check this field.`)
      : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = readTypedOrigins(text)
    if (typed.kind === 'not-origins') {
      const lines = typed.lines.join(', ')
      setProblem(
        t`Not a site address: ${lines}. Write each site as https://salon.example (with the port if it has one), without a path or *.`,
      )
      return
    }
    if (typed.kind === 'too-many') {
      setProblem(t`List at most 10 sites.`)
      return
    }
    setProblem(undefined)
    save.mutate(
      { origins: typed.origins },
      {
        onSuccess: () => showToast('success', t`The sites are saved.`),
        onError: (error) => {
          if ((error as ApiError).status !== 422) showRequestFailureToast(error as ApiError)
        },
      },
    )
  }

  return (
    <Form onSubmit={submit} errors={problem} aria-label={t`Sites that may show the booking page`}>
      <TextAreaField
        name="origins"
        label={<Trans>Site addresses, one a line</Trans>}
        value={text}
        rows={4}
        disabled={!mayEdit}
        placeholder="https://salon.example"
        translate="no"
        spellCheck={false}
        autoCapitalize="off"
        error={problem ?? serverProblem}
        onChange={(event) => setText(event.target.value)}
      />
      <p className="field__hint">
        <Trans>
          Only these exact addresses may show the booking page in a frame, and only they hear from it when a
          client books. A site not listed here sees an error in place of the page. With none listed, the page
          shows only when opened by its link.
        </Trans>
      </p>
      {mayEdit ? (
        <SubmitButton busy={save.isPending}>
          <Trans>Save the sites</Trans>
        </SubmitButton>
      ) : null}
    </Form>
  )
}
