import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { setupChecklistBrowserModel } from './setup-checklist.browser-model'

describeModelPathsInChromium(setupChecklistBrowserModel, { file: import.meta.filename })
