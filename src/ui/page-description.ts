import { useLingui } from '@lingui/react'
import type { MessageDescriptor } from '@lingui/core'
import { useEffect } from 'react'

/**
 * Sets the page's `<meta name="description">` for as long as the screen shows, in the user's language (it
 * follows a language switch), the way usePageTitle sets the tab's title: search engines show it under the
 * page's title. The previous description (index.html's default) comes back when the screen goes.
 */
export function usePageDescription(description: MessageDescriptor): void {
  const { i18n } = useLingui()
  const text = i18n._(description)
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
    if (!meta) {
      meta = document.createElement('meta')
      meta.name = 'description'
      document.head.append(meta)
    }
    const shown = meta
    const previous = shown.content
    shown.content = text
    return () => {
      shown.content = previous
    }
  }, [text])
}
