import { describe, expect, it } from 'vitest'
import type { AvatarUploadContext, AvatarUploadEvent } from '../../machines/avatar-upload'
import { assertFullCoverage, createMachineModel, type WalkedStep } from '../support/model-coverage'
import { writeWalkRecord } from '../support/walk-record-writer'
import { machine, modelOptions, renditions } from './avatar-upload.model'

const model = createMachineModel(machine, modelOptions)

/** What the owner sees after each step: where the photo flow stands, why a file was refused, what failed. */
function expectObservable(step: WalkedStep) {
  const context = step.snapshot.context as AvatarUploadContext
  const event = step.event as unknown as AvatarUploadEvent | { type: string; error?: { status: number } }
  switch (event.type) {
    case 'file.refused':
      expect(step.state).toBe('idle')
      expect(context.refusal).toBe((event as { reason: string }).reason)
      break
    case 'file.chosen':
      expect(step.state).toBe('cropping')
      expect([context.refusal, context.failure]).toEqual([null, null])
      break
    case 'crop.confirmed':
      expect(step.state).toBe('uploading')
      expect(context.renditions).toBe(renditions)
      break
    case 'xstate.done.actor.uploadAvatar':
      expect(step.state).toBe('idle')
      expect(context.renditions).toBeNull()
      break
    case 'xstate.error.actor.uploadAvatar':
      // A refused upload goes back to the crop, with the same square ready to send again.
      expect(step.state).toBe('cropping')
      expect(context.failure?.status).toBe((event as { error: { status: number } }).error.status)
      expect(context.renditions).toBe(renditions)
      break
    case 'crop.cancelled':
      expect(step.state).toBe('idle')
      expect([context.renditions, context.failure]).toEqual([null, null])
      break
    case 'remove.requested':
      expect(step.state).toBe('confirmingRemoval')
      break
    case 'remove.confirmed':
      expect(step.state).toBe('removing')
      break
    case 'xstate.error.actor.removeAvatar':
      expect(step.state).toBe('idle')
      expect(context.failure?.status).toBe(0)
      break
    case 'remove.cancelled':
    case 'xstate.done.actor.removeAvatar':
      expect(step.state).toBe('idle')
      break
  }
}

describe('avatarUpload machine, model-based', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.walk(path, expectObservable)
    })
  }

  it('covers every state and transition', () => {
    writeWalkRecord('machine', import.meta.filename, model.walked)
    assertFullCoverage(machine, model.walked)
  })
})
