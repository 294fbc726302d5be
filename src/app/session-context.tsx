import { createContext, useContext, type ReactNode } from 'react'
import type { SessionActor } from './session'

const SessionContext = createContext<SessionActor | null>(null)

export function SessionProvider({ session, children }: { session: SessionActor; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

/** The tab's session actor; screens send it events and read its state, never the cookies. */
export function useSessionActor(): SessionActor {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSessionActor must be used inside SessionProvider')
  return session
}
