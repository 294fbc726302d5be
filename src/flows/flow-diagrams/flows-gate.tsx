import { Outlet } from '@tanstack/react-router'
import { NotFoundScreen } from '../../ui/not-found-screen'
import { Spinner } from '../../ui/spinner'
import { useFlowsAccess } from './flows-access'

/** The /flows section's layout: shown to those allowed, "page not found" to everyone else. */
export function FlowsGate() {
  const access = useFlowsAccess()
  if (access === 'checking') return <Spinner size="large" />
  if (access === 'denied') return <NotFoundScreen />
  return <Outlet />
}
