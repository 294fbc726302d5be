import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { callFailureOf, type CallFailure } from './call-failure'

/** The two square renditions the crop produces: `big` becomes the employee's avatar_big, `small` their avatar. */
export interface AvatarRenditions {
  big: Blob
  small: Blob
}

/** Why a chosen file is not taken before anything is sent: not a picture the server reads, too large, empty. */
export type AvatarFileRefusal = 'notPicture' | 'tooLarge' | 'empty'

export interface AvatarUploadContext {
  staffId: number
  /** The crop the user confirmed, kept while it uploads (and for another try after a refusal). */
  renditions: AvatarRenditions | null
  /** Why the chosen file was not taken; null once another is chosen. */
  refusal: AvatarFileRefusal | null
  /** The last refused call (upload or removal); null while all is well. */
  failure: CallFailure | null
}

export type AvatarUploadEvent =
  | { type: 'file.chosen' }
  | { type: 'file.refused'; reason: AvatarFileRefusal }
  | { type: 'crop.confirmed'; renditions: AvatarRenditions }
  | { type: 'crop.cancelled' }
  | { type: 'remove.requested' }
  | { type: 'remove.confirmed' }
  | { type: 'remove.cancelled' }

/**
 * A staff member's avatar on their card: choose a picture (the app refuses a non-picture or an oversize file
 * before anything is sent), crop it to a square, upload its two renditions; or remove the avatar after a
 * question. A refused upload goes back to the crop, so the user can try again or choose another picture.
 */
export const avatarUploadMachine = setup({
  types: {
    context: {} as AvatarUploadContext,
    events: {} as AvatarUploadEvent,
    input: {} as { staffId: number },
  },
  actors: {
    uploadAvatar: fromPromise<void, { staffId: number; renditions: AvatarRenditions }>(async () => {}),
    removeAvatar: fromPromise<void, { staffId: number }>(async () => {}),
  },
  actions: {
    announceUploaded: () => {},
    announceRemoved: () => {},
  },
}).createMachine({
  id: 'avatarUpload',
  context: ({ input }) => ({ staffId: input.staffId, renditions: null, refusal: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The staff card shows the avatar, ready for a new picture',
      on: {
        'file.chosen': {
          description: 'The user chooses a picture',
          target: 'cropping',
          actions: assign({ refusal: null, failure: null }),
        },
        'file.refused': {
          description: 'The file is not a picture or too large; the app says why',
          actions: assign({
            refusal: ({ event }) => {
              assertEvent(event, 'file.refused')
              return event.reason
            },
            failure: null,
          }),
        },
        'remove.requested': {
          description: 'The user asks to remove the avatar',
          target: 'confirmingRemoval',
          actions: assign({ refusal: null, failure: null }),
        },
      },
    },
    cropping: {
      description: 'The user crops the chosen picture to a square',
      on: {
        'crop.confirmed': {
          description: 'The user confirms the crop',
          target: 'uploading',
          actions: assign({
            renditions: ({ event }) => {
              assertEvent(event, 'crop.confirmed')
              return event.renditions
            },
            failure: null,
          }),
        },
        'crop.cancelled': {
          description: 'The user cancels the crop',
          target: 'idle',
          actions: assign({ renditions: null, failure: null }),
        },
      },
    },
    uploading: {
      description: 'The cropped picture is being uploaded',
      invoke: {
        id: 'uploadAvatar',
        src: 'uploadAvatar',
        input: ({ context }) => ({ staffId: context.staffId, renditions: context.renditions! }),
        onDone: {
          description: 'the new avatar is shown and announced',
          target: 'idle',
          actions: [assign({ renditions: null }), 'announceUploaded'],
        },
        onError: {
          description: 'the user sees the error and can try again',
          target: 'cropping',
          actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
        },
      },
    },
    confirmingRemoval: {
      description: 'The app asks whether to remove the avatar',
      on: {
        'remove.confirmed': { target: 'removing', description: 'The user confirms the removal' },
        'remove.cancelled': { target: 'idle', description: 'The user keeps the avatar' },
      },
    },
    removing: {
      description: 'The avatar is being removed',
      invoke: {
        id: 'removeAvatar',
        src: 'removeAvatar',
        input: ({ context }) => ({ staffId: context.staffId }),
        onDone: {
          description: 'the avatar is gone and the removal announced',
          target: 'idle',
          actions: 'announceRemoved',
        },
        onError: {
          description: 'the avatar stays and the user sees the error',
          target: 'idle',
          actions: assign({ failure: ({ event }) => callFailureOf(event.error) }),
        },
      },
    },
  },
})
