import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { inviteBrowserModel } from './invite.browser-model'

describeModelPathsInChromium(inviteBrowserModel, {
  file: import.meta.filename,
  interruptAt: { state: 'register.editing', label: 'the registration form' },
})
