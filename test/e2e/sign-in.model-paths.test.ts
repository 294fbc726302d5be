import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { signInBrowserModel } from './sign-in.browser-model'

describeModelPathsInChromium(signInBrowserModel, {
  file: import.meta.filename,
  interruptAt: { state: 'form.failed', label: 'the failed form' },
})
