import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState, type ChangeEvent } from 'react'
import type { Service } from '../../../contract/services/schemas'
import type { ApiError } from '../../api/api-error'
import { useRemoveServiceImage, useUploadServiceImage } from '../../api/services/services'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { maxPictureMegabytes, pictureAccept, pictureFileProblem } from './picture-file'

/** What a refused upload or removal means for the owner. */
function usePictureFailureText() {
  const { t } = useLingui()
  return (failure: ApiError) => {
    if (failure.status === 0) return t`No connection to the server. Check the connection and try again.`
    if (failure.status === 403) return t`Your rights in this company do not allow this change.`
    if (failure.status === 404) return t`The service no longer exists: someone may have deleted it.`
    if (failure.status === 413)
      return t`The picture is too large: it can be at most ${maxPictureMegabytes} MB.`
    if (failure.status === 415 || failure.status === 422)
      return t`The file is not a JPEG, PNG or WebP picture the server can read, or it is over 8000 pixels on a side.`
    return t`The picture was not saved. Please try again.`
  }
}

/**
 * The service's picture, apart from its form: choosing a file uploads it at once (replacing the picture shown),
 * removing asks first. A new service gets its picture once it exists.
 */
export function ServicePicture(props: { companyId: number; service: Service | null; mayEdit: boolean }) {
  const { t } = useLingui()
  const { companyId, service, mayEdit } = props
  const inputId = useId()
  const problemId = useId()
  const upload = useUploadServiceImage(companyId)
  const remove = useRemoveServiceImage(companyId)
  const [problem, setProblem] = useState<string | null>(null)
  const [confirming, setConfirming] = useState(false)
  const failureText = usePictureFailureText()

  if (!service) {
    return (
      <section className="service-picture" aria-labelledby="picture-title">
        <h2 id="picture-title">
          <Trans>Picture</Trans>
        </h2>
        <p className="field__hint">
          <Trans>You can add a picture once the service is created.</Trans>
        </p>
      </section>
    )
  }

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
    upload.mutate(
      { id: service.id, image: file },
      {
        onSuccess: () => showToast('success', t`Picture saved.`),
        onError: (failure) => setProblem(failureText(failure as ApiError)),
      },
    )
  }
  const confirmRemove = () =>
    remove.mutate(service.id, {
      onSuccess: () => {
        setConfirming(false)
        showToast('success', t`Picture removed.`)
      },
      onError: (failure) => {
        setConfirming(false)
        setProblem(failureText(failure as ApiError))
      },
    })
  const busy = upload.isPending || remove.isPending

  return (
    <section className="service-picture" aria-labelledby="picture-title">
      <h2 id="picture-title">
        <Trans>Picture</Trans>
      </h2>
      {service.image ? (
        <img
          className="service-picture__image"
          src={service.image}
          alt={t`Picture of the service "${service.title}"`}
        />
      ) : (
        <p className="empty-state">
          <Trans>No picture yet. Clients see it next to the service when they book online.</Trans>
        </p>
      )}
      {mayEdit ? (
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
              ) : service.image ? (
                <Trans>Replace the picture</Trans>
              ) : (
                <Trans>Upload a picture</Trans>
              )}
            </label>
          </span>
          {service.image && !confirming ? (
            <button
              type="button"
              className="button button--inline"
              disabled={busy}
              onClick={() => {
                setProblem(null)
                setConfirming(true)
              }}
            >
              <Trans>Remove the picture</Trans>
            </button>
          ) : null}
          <span id={`${inputId}-hint`} className="field__hint">
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
      {confirming ? (
        <DeleteQuestion
          label={t`Remove the picture`}
          busy={remove.isPending}
          onConfirm={confirmRemove}
          onCancel={() => setConfirming(false)}
        >
          <p>
            <Trans>Remove the picture of "{service.title}"? Clients will see the service without one.</Trans>
          </p>
        </DeleteQuestion>
      ) : null}
    </section>
  )
}
