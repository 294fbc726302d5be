import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { switchUserBrowserModel } from './switch-user.browser-model'

describeModelPathsInChromium(switchUserBrowserModel, { file: import.meta.filename })
