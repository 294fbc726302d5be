import { useLingui } from '@lingui/react'
import type { MessageDescriptor } from '@lingui/core'
import { useEffect } from 'react'
import { pageTitle } from '../../contract/page-title'

/**
 * Sets the browser tab's title for as long as the screen shows, in the user's language (it follows a
 * language switch). The previous title comes back when the screen goes.
 */
export function usePageTitle(title: MessageDescriptor): void {
  const { i18n } = useLingui()
  const text = i18n._(title)
  useEffect(() => {
    const previous = document.title
    document.title = pageTitle(text)
    return () => {
      document.title = previous
    }
  }, [text])
}
