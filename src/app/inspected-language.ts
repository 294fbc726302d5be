import { isLanguage, type Language } from '../../contract/ui-languages'
import { inspectorChannelName, isInspectorEnabled, type InspectorMessage } from './inspection'

/**
 * While the flow inspector is on (`?inspect=1`: a developer's tab, a browser test), the page shows its current
 * screen in the language a tool asks for on the inspector's channel, without moving the URL or the flow; the flow
 * screenshots take every screen state in Russian and English this way. An ordinary visit listens to nothing.
 */
export function followInspectorLanguageRequests(activate: (language: Language) => void): void {
  if (!isInspectorEnabled() || typeof BroadcastChannel === 'undefined') return
  const channel = new BroadcastChannel(inspectorChannelName)
  channel.addEventListener('message', ({ data }: MessageEvent<InspectorMessage>) => {
    if (data?.kind === 'language' && isLanguage(data.language)) activate(data.language)
  })
}
