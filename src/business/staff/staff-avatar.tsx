import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useMachine } from '@xstate/react'
import { useId, useState, type ChangeEvent } from 'react'
import { fromPromise } from 'xstate'
import { imageUploadLimits } from '../../../contract/images/schemas'
import type { Employee } from '../../../contract/staff/schemas'
import { avatarUploadMachine, type AvatarFileRefusal } from '../../../machines/avatar-upload'
import type { CallFailure } from '../../../machines/call-failure'
import { removeStaffAvatar, uploadStaffAvatar } from '../../api/staff/staff-changes'
import { inspectionOptions } from '../../app/inspection'
import { showToast } from '../../ui/toast-store'
import { DeleteQuestion } from '../shell/delete-question'
import { maxPictureMegabytes, pictureAccept } from '../services/picture-file'
import { AvatarCrop } from './avatar-crop'

/** Why a chosen file is not taken, before anything is sent (the server checks the bytes again). */
export function avatarFileRefusal(file: { type: string; size: number }): AvatarFileRefusal | null {
  if (!(imageUploadLimits.types as readonly string[]).includes(file.type)) return 'notPicture'
  if (file.size > imageUploadLimits.maxBytes) return 'tooLarge'
  if (file.size === 0) return 'empty'
  return null
}

function useAvatarUpload(staffId: number) {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['staff'] })
  const [machine] = useState(() =>
    avatarUploadMachine.provide({
      actors: {
        uploadAvatar: fromPromise(async ({ input }) => {
          await uploadStaffAvatar(input.staffId, input.renditions.big, input.renditions.small)
          await refresh()
        }),
        removeAvatar: fromPromise(async ({ input }) => {
          await removeStaffAvatar(input.staffId)
          await refresh()
        }),
      },
      actions: {
        announceUploaded: () => showToast('success', t`The photo is saved.`),
        announceRemoved: () => showToast('success', t`The photo is removed.`),
      },
    }),
  )
  return useMachine(machine, { ...inspectionOptions(), input: { staffId } })
}

/** The sentence for a refused file or call. */
function useAvatarProblemText() {
  const { t } = useLingui()
  return (refusal: AvatarFileRefusal | null, failure: CallFailure | null): string | null => {
    if (refusal === 'notPicture') return t`Choose a JPEG, PNG or WebP picture.`
    if (refusal === 'tooLarge')
      return t`The picture is too large: it can be at most ${maxPictureMegabytes} MB.`
    if (refusal === 'empty') return t`The file is empty: choose another picture.`
    if (!failure) return null
    if (failure.status === 0) return t`No connection to the server. Check the connection and try again.`
    if (failure.status === 403) return t`Your rights in this company do not allow this change.`
    if (failure.status === 404) return t`The staff member no longer exists: someone may have deleted them.`
    if (failure.status === 413)
      return t`The picture is too large: it can be at most ${maxPictureMegabytes} MB.`
    if (failure.status === 415 || failure.status === 422)
      return t`The file is not a JPEG, PNG or WebP picture the server can read.`
    return t`The photo was not saved. Please try again.`
  }
}

/** The staff member's photo: shown big on the card; with the edit flag, choose, crop and upload, or remove. */
export function StaffAvatar(props: { employee: Employee; mayEdit: boolean }) {
  const { t } = useLingui()
  const { employee } = props
  const inputId = useId()
  const problemId = useId()
  const [state, send] = useAvatarUpload(employee.id)
  const [file, setFile] = useState<File | null>(null)
  const problem = useAvatarProblemText()(state.context.refusal, state.context.failure)
  const cropping = state.matches('cropping') || state.matches('uploading')

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    // The same file can be chosen again after a refusal.
    event.target.value = ''
    if (!chosen) return
    const refusal = avatarFileRefusal(chosen)
    if (refusal) {
      send({ type: 'file.refused', reason: refusal })
      return
    }
    setFile(chosen)
    send({ type: 'file.chosen' })
  }

  return (
    <div className="staff-avatar">
      {employee.avatar_big ? (
        <img className="staff-avatar__image" src={employee.avatar_big} alt={t`Photo of ${employee.name}`} />
      ) : (
        <span className="staff-avatar__placeholder" aria-hidden="true">
          {employee.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      {props.mayEdit ? (
        <div className="service-picture__actions">
          {cropping && file ? null : (
            <span className="file-picker">
              <input
                id={inputId}
                type="file"
                className="visually-hidden"
                accept={pictureAccept}
                disabled={state.matches('removing')}
                aria-describedby={problem ? problemId : `${inputId}-hint`}
                aria-invalid={problem ? true : undefined}
                onChange={choose}
              />
              <label htmlFor={inputId} className="button button--inline">
                {employee.avatar_big ? <Trans>Replace the photo</Trans> : <Trans>Upload a photo</Trans>}
              </label>
            </span>
          )}
          {employee.avatar_big && state.matches('idle') ? (
            <button
              type="button"
              className="button button--inline"
              onClick={() => send({ type: 'remove.requested' })}
            >
              <Trans>Remove the photo</Trans>
            </button>
          ) : null}
          <span id={`${inputId}-hint`} className="field__hint">
            <Trans>JPEG, PNG or WebP, up to {maxPictureMegabytes} MB. You cut a square out of it next.</Trans>
          </span>
        </div>
      ) : null}
      {cropping && file ? (
        <AvatarCrop
          file={file}
          busy={state.matches('uploading')}
          onConfirm={(renditions) => send({ type: 'crop.confirmed', renditions })}
          onCancel={() => send({ type: 'crop.cancelled' })}
        />
      ) : null}
      {problem ? (
        <p id={problemId} className="form-error" role="alert">
          {problem}
        </p>
      ) : null}
      {state.matches('confirmingRemoval') || state.matches('removing') ? (
        <DeleteQuestion
          label={t`Remove the photo`}
          busy={state.matches('removing')}
          onConfirm={() => send({ type: 'remove.confirmed' })}
          onCancel={() => send({ type: 'remove.cancelled' })}
        >
          <p>
            <Trans>
              Remove the photo of {employee.name}? The card and online booking show their initial instead.
            </Trans>
          </p>
        </DeleteQuestion>
      ) : null}
    </div>
  )
}
