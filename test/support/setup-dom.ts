import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'
import { loadCatalog, loadWorkspaceCatalog } from '../../src/i18n/activate'

// When the three projects run at once (scripts/test-suites.mjs without --serial), a screen may take longer than the library's 1 s to
// appear while the server suites and Chromium share the processor. Waiting longer changes nothing for a screen
// that is right, and a wrong one still fails, later.
configure({ asyncUtilTimeout: 5000 })

// The app fetches a language's catalogs when it is first shown (src/i18n/activate.ts), the signed-in screens' by
// their routes; the suites render screens without routes and switch between English and Russian synchronously,
// as the app does once main.tsx and the routes have awaited them.
await Promise.all([
  loadCatalog('en'),
  loadCatalog('ru'),
  loadWorkspaceCatalog('en'),
  loadWorkspaceCatalog('ru'),
])

afterEach(() => {
  cleanup()
  // A flow that kept its progress for a reload (the password reset) must not leak into the next test.
  if (typeof window !== 'undefined') window.sessionStorage.clear()
})
