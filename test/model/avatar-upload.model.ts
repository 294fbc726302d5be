import type { AnyMachineSnapshot } from 'xstate'
import {
  avatarUploadMachine,
  type AvatarRenditions,
  type AvatarUploadContext,
} from '../../machines/avatar-upload'
import type { MachineModelOptions } from '../support/model-coverage'

export const machine = avatarUploadMachine

/** What the crop hands over: a big and a small square (their bytes do not matter to the machine). */
export const renditions: AvatarRenditions = {
  big: new Blob(['big'], { type: 'image/jpeg' }),
  small: new Blob(['small'], { type: 'image/jpeg' }),
}

/** The server refusing the file (422 on avatar) and a dropped connection. */
export const refusedUpload = {
  status: 422,
  message: 'Validation failed',
  fieldErrors: { avatar: ['no picture'] },
}
export const networkFailure = { status: 0, isRequestError: true }

/**
 * The owner chooses a file (refused for each reason, or taken), crops and uploads it, cancels, or removes the
 * photo. Whether a refusal or a failure is on show tells states apart, so that clearing them is a step of its own.
 */
export const modelOptions: MachineModelOptions = {
  input: { staffId: 31 },
  distinguish: (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as AvatarUploadContext
    return [context.refusal ?? '-', context.failure ? 'failed' : '-']
  },
  events: {
    'file.chosen': [{}],
    'file.refused': [{ reason: 'notPicture' }, { reason: 'tooLarge' }, { reason: 'empty' }],
    'crop.confirmed': [{ renditions }],
    'crop.cancelled': [{}],
    'xstate.done.actor.uploadAvatar': [{ output: undefined }],
    'xstate.error.actor.uploadAvatar': [{ error: refusedUpload }, { error: networkFailure }],
    'remove.requested': [{}],
    'remove.confirmed': [{}],
    'remove.cancelled': [{}],
    'xstate.done.actor.removeAvatar': [{ output: undefined }],
    'xstate.error.actor.removeAvatar': [{ error: networkFailure }],
  },
}
