import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { prepareTwoFactorAccounts, twoFactorBrowserModel } from './two-factor.browser-model'

describeModelPathsInChromium(twoFactorBrowserModel, {
  file: import.meta.filename,
  prepare: prepareTwoFactorAccounts,
  parallel: 2,
  // The generated journeys open dozens of confirmation sessions of the same two accounts within minutes; the
  // per-account caps that would refuse them have their own suite (test/server/second-factor-account-limits).
  serverEnv: { SECOND_FACTOR_SESSIONS_MAX: '100', SECOND_FACTOR_GUESSES_MAX: '100' },
  interruptAt: {
    state: 'code.entering',
    label: 'the code step',
    // A journey that waits for the real refresh minute is not the one to interrupt.
    where: (path) => !path.steps.some((step) => step.event.type === 'xstate.done.actor.refreshSession'),
  },
})
