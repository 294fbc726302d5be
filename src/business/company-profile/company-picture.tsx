import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ChangeEvent, type ReactNode } from 'react'
import type { CompanyPictureKind } from '../../../contract/companies/profile-schemas'
import type { ApiError } from '../../api/api-error'
import { useRemoveCompanyPicture, useUploadCompanyPicture } from '../../api/companies/company-profile'
import { showToast } from '../../ui/toast-store'
import { maxPictureMegabytes, pictureAccept, pictureFileProblem } from '../services/picture-file'

/** What a refused upload or removal means for the owner. */
function usePictureFailureText() {
  const { t } = useLingui()
  return (failure: ApiError) => {
    if (failure.status === 0) return t`No connection to the server. Check the connection and try again.`
    if (failure.status === 403) return t`Your rights in this company do not allow this change.`
    if (failure.status === 413)
      return t`The picture is too large: it can be at most ${maxPictureMegabytes} MB.`
    if (failure.status === 415 || failure.status === 422)
      return t`The file is not a JPEG, PNG or WebP picture the server can read, or it is over 8000 pixels on a side.`
    return t`The picture was not saved. Please try again.`
  }
}

/**
 * The company's logo or its booking-form header: choosing a file uploads it at once (the server keeps only the
 * newest), removing takes it away. Without the edit flag it is only shown.
 */
export function CompanyPicture(props: {
  companyId: number
  kind: CompanyPictureKind
  title: ReactNode
  hint: ReactNode
  url: string
  alt: string
  mayEdit: boolean
}) {
  const { t } = useLingui()
  const inputId = useId()
  const titleId = useId()
  const problemId = useId()
  const upload = useUploadCompanyPicture(props.companyId, props.kind)
  const remove = useRemoveCompanyPicture(props.companyId, props.kind)
  const [problem, setProblem] = useState<string | null>(null)
  const failureText = usePictureFailureText()
  const busy = upload.isPending || remove.isPending

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    // The same file can be chosen again after a refusal.
    event.target.value = ''
    if (!file) return
    const refusal = pictureFileProblem(file)
    if (refusal) {
      setProblem(t(refusal))
      return
    }
    setProblem(null)
    upload.mutate(file, {
      onSuccess: () => showToast('success', t`Picture saved.`),
      onError: (failure) => setProblem(failureText(failure as ApiError)),
    })
  }
  const removePicture = () => {
    setProblem(null)
    remove.mutate(undefined, {
      onSuccess: () => showToast('success', t`Picture removed.`),
      onError: (failure) => setProblem(failureText(failure as ApiError)),
    })
  }

  return (
    <section className={`company-picture company-picture--${props.kind}`} aria-labelledby={titleId}>
      <h2 id={titleId}>{props.title}</h2>
      {props.url ? (
        <img className="company-picture__image" src={props.url} alt={props.alt} />
      ) : (
        <p className="empty-state">
          <Trans>No picture yet.</Trans>
        </p>
      )}
      {props.mayEdit ? (
        <div className="service-picture__actions">
          <span className="file-picker">
            <input
              id={inputId}
              type="file"
              className="visually-hidden"
              accept={pictureAccept}
              disabled={busy}
              aria-describedby={problem ? problemId : `${inputId}-hint`}
              aria-invalid={problem ? true : undefined}
              onChange={choose}
            />
            <label htmlFor={inputId} className="button button--inline" aria-disabled={busy || undefined}>
              {upload.isPending ? (
                <Trans>Uploading…</Trans>
              ) : props.url ? (
                <Trans>Replace the picture</Trans>
              ) : (
                <Trans>Upload a picture</Trans>
              )}
            </label>
          </span>
          {props.url ? (
            <button type="button" className="button button--inline" disabled={busy} onClick={removePicture}>
              <Trans>Remove the picture</Trans>
            </button>
          ) : null}
          <span id={`${inputId}-hint`} className="field__hint">
            {props.hint}{' '}
            <Trans>
              JPEG, PNG or WebP, up to {maxPictureMegabytes} MB. It is saved as soon as you choose it.
            </Trans>
          </span>
        </div>
      ) : null}
      {problem ? (
        <p id={problemId} className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
    </section>
  )
}
