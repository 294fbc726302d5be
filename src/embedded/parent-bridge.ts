import * as v from 'valibot'
import { incomingMessageSchema, type IncomingMessage, type OutgoingMessage } from './messages'

/** The parts of a window the bridge uses, so that tests can hand it a frame of their own. */
export interface BridgeWindow {
  parent: Pick<Window, 'postMessage'>
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
}

export interface ParentBridge {
  /** Posts to the parent, addressed to its exact origin: a parent that navigated elsewhere receives nothing. */
  post(message: OutgoingMessage): void
  /** Calls `onMessage` for each message that passes every check; returns the function that stops listening. */
  listen(onMessage: (message: IncomingMessage) => void): () => void
}

/**
 * The only way the app talks to the admin application. Messages go to the exact parent origin, never
 * to '*'; an incoming message counts only when it comes from that origin, from the parent window itself
 * (not another frame or a popup of the same origin) and in the shape of `incomingMessageSchema`.
 */
export function createParentBridge(win: BridgeWindow, parentOrigin: string): ParentBridge {
  return {
    post(message) {
      win.parent.postMessage(message, parentOrigin)
    },
    listen(onMessage) {
      const listener = (event: MessageEvent) => {
        if (event.origin !== parentOrigin || event.source !== win.parent) return
        const parsed = v.safeParse(incomingMessageSchema, event.data)
        if (parsed.success) onMessage(parsed.output)
      }
      win.addEventListener('message', listener)
      return () => win.removeEventListener('message', listener)
    },
  }
}
