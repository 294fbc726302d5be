import { describe, expect, it } from 'vitest'
import { landingFor, nextLanding, stepOfLastCompleted, stepsOf } from '../../machines/onboarding-steps'

const progress = (
  lastCompletedStep: number | null,
  status = 'user_new_with_unfinished_onboarding',
  isCompleted = false,
) => ({
  status,
  isCompleted,
  lastCompletedStep,
})

describe('onboarding steps', () => {
  it('maps last_completed_step 0..4 to first..fifth, and to second when unknown', () => {
    expect([0, 1, 2, 3, 4].map(stepOfLastCompleted)).toEqual(['first', 'second', 'third', 'fourth', 'fifth'])
    expect(stepOfLastCompleted(null)).toBe('second')
    expect(stepOfLastCompleted(9)).toBe('second')
    expect([1.5, -1].map(stepOfLastCompleted)).toEqual(['second', 'second'])
  })

  it('has four steps in the older table and five in the newer', () => {
    expect(stepsOf('older')).toEqual(['first', 'second', 'third', 'fourth'])
    expect(stepsOf('newer')).toEqual(['first', 'second', 'third', 'fourth', 'fifth'])
  })

  it('goes on to the step after the last completed one, and finishes after the last step of the table', () => {
    expect(nextLanding(null, 'older')).toBe('second')
    expect(nextLanding(0, 'older')).toBe('second')
    expect(nextLanding(2, 'newer')).toBe('fourth')
    expect(nextLanding(3, 'newer')).toBe('fifth')
    expect(nextLanding(3, 'older')).toBe('finish')
    expect(nextLanding(4, 'newer')).toBe('finish')
    // A fifth step done in the newer table, then opened in the older one, is finished too.
    expect(nextLanding(4, 'older')).toBe('finish')
  })

  it('shows a step already reached, and sends a step further on to the next unfinished one', () => {
    expect(landingFor(progress(2), 'second', 'newer')).toBe('second')
    expect(landingFor(progress(2), 'fourth', 'newer')).toBe('fourth')
    expect(landingFor(progress(1), 'fifth', 'newer')).toBe('third')
    expect(landingFor(progress(1), 'continue_register', 'older')).toBe('third')
    expect(landingFor(progress(3), 'continue_register', 'older')).toBe('finish')
    expect(landingFor(progress(3), 'fifth', 'older')).toBe('finish')
    expect(landingFor(progress(2), null, 'older')).toBe('fourth')
  })

  it('lands first and confirm_code, asked for again, where the progress allows', () => {
    expect(landingFor(progress(2), 'first', 'older')).toBe('fourth')
    expect(landingFor(progress(0), 'first', 'newer')).toBe('second')
    expect(landingFor(progress(2), 'confirm_code', 'older')).toBe('fourth')
    expect(landingFor(progress(4), 'first', 'newer')).toBe('finish')
  })

  it('starts again at first when the progress is unconfirmed on this device or already completed', () => {
    expect(landingFor(progress(2, 'user_not_approved_by_phone'), 'third', 'older')).toBe('first')
    expect(landingFor(progress(2, 'user_not_approved_by_email'), 'third', 'older')).toBe('first')
    expect(landingFor(progress(3, 'user_new_with_unfinished_onboarding', true), 'third', 'older')).toBe(
      'first',
    )
  })
})
