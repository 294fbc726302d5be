import { createRoute, lazyRouteComponent } from '@tanstack/react-router'
import { useCallback } from 'react'
import {
  addressOf,
  playbackSearchOf,
  type PlaybackAddress,
  type PlaybackSearch,
} from '../flows/flow-diagrams/playback/path-address'
import { languageRoute } from './language-route'
import { loadWorkspaceCatalog } from '../i18n/activate'
import { languageOf } from '../../contract/ui-languages'

// The section is a tool for product owners and test engineers, so visitors never download it:
// each screen is its own chunk, and the layout engine is loaded by the first diagram.
const FlowsGate = lazyRouteComponent(() => import('../flows/flow-diagrams/flows-gate'), 'FlowsGate')
const FlowsIndexScreen = lazyRouteComponent(
  () => import('../flows/flow-diagrams/flows-index-screen'),
  'FlowsIndexScreen',
)
const CoverageScreen = lazyRouteComponent(
  () => import('../flows/flow-diagrams/coverage-screen'),
  'CoverageScreen',
)
const FlowDiagramScreen = lazyRouteComponent(
  () => import('../flows/flow-diagrams/flow-diagram-screen'),
  'FlowDiagramScreen',
)

/**
 * /{lang}/flows: diagrams of the machines for product owners and path coverage for test engineers.
 * Signed in or out, the session never moves anyone off it ('any'); the gate decides who sees it.
 */
export const flowsRoute = createRoute({
  getParentRoute: () => languageRoute,
  path: 'flows',
  staticData: { area: 'any' },
  // The section's words are the signed-in screens' catalog (src/i18n/activate.ts).
  loader: ({ params }) => loadWorkspaceCatalog(languageOf(params.lang)),
  component: FlowsGate,
})

export const flowsIndexRoute = createRoute({
  getParentRoute: () => flowsRoute,
  path: '/',
  staticData: { area: 'any' },
  component: FlowsIndexScreen,
})

export const flowsCoverageRoute = createRoute({
  getParentRoute: () => flowsRoute,
  path: 'coverage',
  staticData: { area: 'any' },
  component: CoverageScreen,
})

export const flowDiagramRoute = createRoute({
  getParentRoute: () => flowsRoute,
  path: '$machineId',
  staticData: { area: 'any' },
  // `?path=<id>&step=<n>`: a path of the machine played to a step, so that the address shows the same moment.
  validateSearch: (search): PlaybackAddress => addressOf(playbackSearchOf(search)),
  component: FlowDiagramRoute,
})

function FlowDiagramRoute() {
  const { machineId } = flowDiagramRoute.useParams()
  const playback = playbackSearchOf(flowDiagramRoute.useSearch())
  const navigate = flowDiagramRoute.useNavigate()
  // Each step replaces the address rather than adding to the history, so Back leaves the diagram.
  const onPlaybackChange = useCallback(
    (search: PlaybackSearch) => navigate({ search: addressOf(search), replace: true }),
    [navigate],
  )
  return <FlowDiagramScreen machineId={machineId} playback={playback} onPlaybackChange={onPlaybackChange} />
}
