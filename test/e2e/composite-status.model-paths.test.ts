import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { compositeStatusBrowserModel } from './composite-status.browser-model'

describeModelPathsInChromium(compositeStatusBrowserModel, { file: import.meta.filename })
