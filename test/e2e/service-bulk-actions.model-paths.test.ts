import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { serviceBulkActionsBrowserModel } from './service-bulk-actions.browser-model'

describeModelPathsInChromium(serviceBulkActionsBrowserModel, { file: import.meta.filename })
