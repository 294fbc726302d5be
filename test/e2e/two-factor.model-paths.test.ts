import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { prepareTwoFactorAccounts, twoFactorBrowserModel } from './two-factor.browser-model'

describeModelPathsInChromium(twoFactorBrowserModel, {
  file: import.meta.filename,
  prepare: prepareTwoFactorAccounts,
  parallel: 2,
  interruptAt: {
    state: 'code.entering',
    label: 'the code step',
    // A journey that waits for the real refresh minute is not the one to interrupt.
    where: (path) => !path.steps.some((step) => step.event.type === 'xstate.done.actor.refreshSession'),
  },
})
