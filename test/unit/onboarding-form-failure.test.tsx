import { I18nProvider } from '@lingui/react'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { CallFailure } from '../../machines/call-failure'
import { FormFailure } from '../../src/flows/onboarding/step-card'
import { activateLanguage, i18n } from '../../src/i18n/activate'

const failure = (overrides: Partial<CallFailure>): CallFailure => ({
  status: 422,
  code: undefined,
  message: null,
  fieldErrors: {},
  attemptsLeft: undefined,
  waitPeriod: undefined,
  isRequestError: false,
  ...overrides,
})

const show = (value: CallFailure) => {
  activateLanguage('en')
  render(
    <I18nProvider i18n={i18n}>
      <FormFailure failure={value} id="failure" />
    </I18nProvider>,
  )
}

afterEach(cleanup)

describe('the failure line of an onboarding form', () => {
  it('tells a throttled visitor to wait rather than to try again', () => {
    show(failure({ status: 429, code: 1001, message: 'limit exceeded' }))
    expect(screen.getByText('Too many requests. Please wait and try again.')).toBeTruthy()
  })

  it('keeps the general sentence for other refusals', () => {
    show(failure({ status: 409, message: 'Answer the questionnaire first.' }))
    expect(screen.getByText('This step could not be saved. Please try again.')).toBeTruthy()
  })
})
