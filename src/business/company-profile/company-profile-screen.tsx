import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMemo, useState, type FormEvent } from 'react'
import { ianaTimeZones, type CompanyProfile } from '../../../contract/companies/profile-schemas'
import { ApiError } from '../../api/api-error'
import { useCompanyProfile, useSaveCompanyProfile } from '../../api/companies/company-profile'
import { useBusinessGroups, useCountries } from '../../api/onboarding/queries'
import { languageOf } from '../../../contract/ui-languages'
import { serverFieldErrorTexts } from '../../ui/field-error-text'
import { Form } from '../../ui/form'
import { FormAlert } from '../../ui/form-alert'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { SelectField } from '../../ui/select-field'
import { Spinner } from '../../ui/spinner'
import { SubmitButton } from '../../ui/submit-button'
import { TextField } from '../../ui/text-field'
import { showToast } from '../../ui/toast-store'
import { useCurrentCompany } from '../shell/company-workspace'
import { ReadOnlyNote } from '../shell/read-only-note'
import { CityPicker } from './city-picker'
import { CompanyPicture } from './company-picture'
import { draftOf, phoneToSend, profileProblems, type ProfileDraft } from './profile-rules'
import { TimeZoneChangeNote } from './time-zone-change-note'

/** /company/{id}/profile: what the salon is called, where it is, its time zone, phone, kind, logo and header. */
export function CompanyProfileScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Company profile`)
  const company = useCurrentCompany()
  const profile = useCompanyProfile(company.id)
  const mayEdit = company.access.options_company_edit_access
  if (profile.isPending) return <Spinner size="large" />
  if (profile.isError) {
    return (
      <section className="card" role="alert">
        <h1>
          <Trans>Company profile</Trans>
        </h1>
        <p>
          <Trans>The company profile could not be loaded.</Trans>
        </p>
        <button type="button" className="button" onClick={() => void profile.refetch()}>
          {t`Try again`}
        </button>
      </section>
    )
  }
  return (
    <>
      <section className="card" aria-labelledby="profile-title">
        <h1 id="profile-title">
          <Trans>Company profile</Trans>
        </h1>
        <p className="section-intro">
          <Trans>
            How the salon is called and where clients find it. The time zone is the one the opening hours and
            the appointment book use.
          </Trans>
        </p>
        {mayEdit ? null : (
          <ReadOnlyNote>
            <Trans>
              You can see the company profile but not change it: your rights in this company do not include
              editing the company's settings.
            </Trans>
          </ReadOnlyNote>
        )}
        {/* A new version from the server (after a save or "load their version") starts the form afresh. */}
        <ProfileForm
          key={profile.data.profile_version}
          profile={profile.data}
          mayEdit={mayEdit}
          reload={() => void profile.refetch()}
        />
      </section>
      <section className="card" aria-label={t`Pictures`}>
        <CompanyPicture
          companyId={company.id}
          kind="logo"
          title={<Trans>Logo</Trans>}
          hint={<Trans>Shown in online booking and in messages to clients.</Trans>}
          url={profile.data.logo_url}
          alt={t`Logo of ${profile.data.title}`}
          mayEdit={mayEdit}
        />
        <CompanyPicture
          companyId={company.id}
          kind="booking-form-header"
          title={<Trans>Online booking header</Trans>}
          hint={<Trans>The wide picture at the top of the online booking form.</Trans>}
          url={profile.data.booking_form_header_url}
          alt={t`Header of the online booking form of ${profile.data.title}`}
          mayEdit={mayEdit}
        />
      </section>
    </>
  )
}

function ProfileForm(props: { profile: CompanyProfile; mayEdit: boolean; reload: () => void }) {
  const { t, i18n } = useLingui()
  const { profile, mayEdit } = props
  const language = languageOf(i18n.locale)
  const save = useSaveCompanyProfile(profile.id)
  const countries = useCountries(language).data
  const groups = useBusinessGroups(language).data ?? []
  const country = countries?.find((candidate) => candidate.id === profile.country_id)
  const zones = useMemo(() => {
    const list = ianaTimeZones()
    return list.includes(profile.timezone) ? list : [profile.timezone, ...list]
  }, [profile.timezone])
  const [draft, setDraft] = useState<ProfileDraft>(() => draftOf(profile))
  const [problems, setProblems] = useState<ReturnType<typeof profileProblems>>({})
  const set = (change: Partial<ProfileDraft>) => setDraft((previous) => ({ ...previous, ...change }))

  const failure = save.error instanceof ApiError ? save.error : null
  const serverErrors = serverFieldErrorTexts(failure?.details.fieldErrors, failure?.details.fieldErrorKeys)
  const conflict = failure?.status === 409
  const errorOf = (field: 'title' | 'address' | 'phone') => {
    const problem = problems[field]
    return problem ? t(problem) : serverErrors[field]
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = profileProblems(draft, country?.iso_code)
    setProblems(found)
    if (Object.keys(found).length > 0) return
    save.mutate(
      {
        title: draft.title.trim(),
        address: draft.address.trim(),
        city_id: draft.cityId === '' ? null : Number(draft.cityId),
        timezone: draft.timezone,
        phone: phoneToSend(draft.phone, country?.iso_code),
        business_type_id: draft.businessTypeId === '' ? null : Number(draft.businessTypeId),
        expected_version: profile.profile_version,
      },
      {
        onSuccess: () => showToast('success', t`The company profile is saved.`),
        onError: (error) => {
          const apiError = error as ApiError
          if (apiError.status !== 409 && apiError.status !== 422) showRequestFailureToast(apiError)
        },
      },
    )
  }

  return (
    <Form onSubmit={submit} errors={problems} aria-label={t`Company profile`}>
      <fieldset className="plain-fieldset" disabled={!mayEdit}>
        <TextField
          label={<Trans>Company name</Trans>}
          value={draft.title}
          onChange={(event) => set({ title: event.target.value })}
          error={errorOf('title')}
          autoComplete="organization"
        />
        <TextField
          label={<Trans>Address</Trans>}
          value={draft.address}
          onChange={(event) => set({ address: event.target.value })}
          error={errorOf('address')}
          autoComplete="street-address"
        />
        <CityPicker
          language={language}
          countryId={profile.country_id}
          cityId={draft.cityId}
          cityTitle={draft.cityTitle}
          disabled={!mayEdit}
          onChange={(city) => set({ cityId: city.id, cityTitle: city.title })}
        />
        <SelectField
          label={<Trans>Time zone</Trans>}
          value={draft.timezone}
          onChange={(event) => set({ timezone: event.target.value })}
          error={serverErrors.timezone}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </SelectField>
        <TimeZoneChangeNote saved={profile.timezone} chosen={draft.timezone} />
        <TextField
          type="tel"
          label={<Trans>Phone</Trans>}
          hint={
            country?.phone_code ? (
              <Trans>With the country code, for example +{country.phone_code} …</Trans>
            ) : undefined
          }
          value={draft.phone}
          onChange={(event) => set({ phone: event.target.value })}
          error={errorOf('phone')}
          autoComplete="tel"
        />
        <SelectField
          label={<Trans>Type of business</Trans>}
          value={draft.businessTypeId}
          onChange={(event) => set({ businessTypeId: event.target.value })}
          error={serverErrors.business_type_id}
        >
          <option value="">{t`Not chosen`}</option>
          {groups.map((group) => (
            <optgroup key={group.id} label={group.title}>
              {group.types.map((type) => (
                <option key={type.id} value={type.id}>
                  {type.title}
                </option>
              ))}
            </optgroup>
          ))}
        </SelectField>
      </fieldset>
      {conflict ? (
        <div className="confirm" role="alert">
          <p>
            <Trans>
              Someone saved the company profile after you opened it. Load their version to see what changed
              (what you typed here is dropped).
            </Trans>
          </p>
          <button type="button" className="button" onClick={props.reload}>
            <Trans>Load their version</Trans>
          </button>
        </div>
      ) : null}
      {failure && failure.status === 422 && Object.keys(serverErrors).length === 0 ? (
        <FormAlert>{t`The profile was not saved. Please check the fields and try again.`}</FormAlert>
      ) : null}
      {mayEdit ? (
        <SubmitButton busy={save.isPending}>
          <Trans>Save the profile</Trans>
        </SubmitButton>
      ) : null}
    </Form>
  )
}
