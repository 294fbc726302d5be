import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { imageUploadLimits } from '../../../contract/images/schemas'

/** The megabytes an upload may have at most, for the sentences that say so. */
export const maxPictureMegabytes = imageUploadLimits.maxBytes / (1024 * 1024)

/** What the file chooser offers: the types the server takes. */
export const pictureAccept = imageUploadLimits.types.join(',')

/**
 * Why a chosen file cannot be a service's picture, before it is sent (the server checks the bytes again):
 * a type other than JPEG, PNG or WebP, or more than the upload limit. Null when it may go.
 */
export function pictureFileProblem(file: { type: string; size: number }): MessageDescriptor | null {
  if (!(imageUploadLimits.types as readonly string[]).includes(file.type))
    return msg`Choose a JPEG, PNG or WebP picture.`
  if (file.size > imageUploadLimits.maxBytes)
    return msg`The picture is too large: it can be at most ${maxPictureMegabytes} MB.`
  if (file.size === 0) return msg`The file is empty: choose another picture.`
  return null
}
