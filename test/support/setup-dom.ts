import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => {
  cleanup()
  // A flow that kept its progress for a reload (the password reset) must not leak into the next test.
  if (typeof window !== 'undefined') window.sessionStorage.clear()
})
