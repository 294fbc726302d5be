import { describeModelPathsInChromium } from '../support/browser-model-suite'
import { serviceEditorBrowserModel } from './service-editor.browser-model'

describeModelPathsInChromium(serviceEditorBrowserModel, {
  file: import.meta.filename,
  interruptAt: { state: 'confirmingDelete', label: 'the delete confirmation' },
})
