/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core'
  export const messages: Messages
}

interface ImportMetaEnv {
  /** The support phone shown in the footer of the public screens (src/ui/support-footer.tsx). */
  readonly VITE_SUPPORT_PHONE?: string
}
