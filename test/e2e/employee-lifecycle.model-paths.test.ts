import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { employeeLifecycleBrowserModel } from './employee-lifecycle.browser-model'

describeModelPathsInChromium(employeeLifecycleBrowserModel, { file: import.meta.filename })
