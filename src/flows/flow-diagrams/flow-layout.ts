import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js'
import type { DiagramState, DiagramTransition, StatechartModel } from './statechart-model'

/** Sizes of the drawing, shared by the layout (which measures) and the view (which draws). */
export const diagramMetrics = {
  fontSize: 13,
  charWidth: 7.6,
  lineHeight: 18,
  padding: 12,
  /** Room above a composite state's children for its name and details. */
  headerHeight: 30,
  labelFontSize: 11,
  labelCharWidth: 6,
  labelHeight: 16,
} as const

/** The lines a state box shows under its name: its route and its timers. */
export function detailLinesOf(state: DiagramState): string[] {
  return [...(state.route ? [`→ ${state.route}`] : []), ...state.timers.map((timer) => `⏱ ${timer}`)]
}

function textWidth(text: string, charWidth: number): number {
  return Math.ceil(text.length * charWidth)
}

/** One state box in diagram coordinates. */
export interface LaidOutState {
  state: DiagramState
  x: number
  y: number
  width: number
  height: number
  depth: number
}

/** One transition: its polyline and where its label goes. */
export interface LaidOutTransition {
  transition: DiagramTransition
  /** One entry per target. */
  id: string
  points: { x: number; y: number }[]
  label?: { x: number; y: number; width: number; height: number }
}

export interface LaidOutStatechart {
  width: number
  height: number
  states: LaidOutState[]
  transitions: LaidOutTransition[]
}

const elkId = (stateId: string) => `state:${stateId}`
const edgeId = (transition: DiagramTransition, target: string) => `edge:${transition.key}->${target}`

function leafSize(state: DiagramState) {
  const { charWidth, fontSize, lineHeight, padding } = diagramMetrics
  const lines = [state.key, ...detailLinesOf(state)]
  const width = Math.max(
    ...lines.map((line) => textWidth(line, line === state.key ? charWidth : charWidth * 0.9)),
  )
  return {
    width: width + padding * 2 + (state.type === 'final' ? 8 : 0),
    height: fontSize + lines.length * lineHeight + padding,
  }
}

function toElkNode(state: DiagramState): ElkNode {
  const { headerHeight, lineHeight, padding } = diagramMetrics
  if (state.children.length === 0) return { id: elkId(state.id), ...leafSize(state) }
  const top = headerHeight + detailLinesOf(state).length * lineHeight
  return {
    id: elkId(state.id),
    layoutOptions: {
      'elk.padding': `[top=${top},left=${padding},bottom=${padding},right=${padding}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${leafSize(state).width + padding * 2}, ${top + padding})`,
      // Parallel regions sit side by side and have no edges between them.
      ...(state.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
    },
    children: state.children.map(toElkNode),
  }
}

/** The ELK graph of a statechart: states nest as children, each transition target is one labelled edge. */
export function toElkGraph(model: StatechartModel): ElkNode {
  const { labelCharWidth, labelHeight } = diagramMetrics
  const edges: ElkExtendedEdge[] = model.transitions.flatMap((transition) =>
    transition.targets.map((target) => ({
      id: edgeId(transition, target),
      sources: [elkId(transition.source)],
      targets: [elkId(target)],
      labels: [
        {
          id: `label:${transition.key}->${target}`,
          text: transition.label,
          width: textWidth(transition.label, labelCharWidth) + 8,
          height: labelHeight,
        },
      ],
    })),
  )
  // The machine is a box inside the graph rather than the graph itself, because ELK cannot route
  // the machine-wide transitions (from the root to a state) from the graph node.
  return {
    id: 'graph',
    children: [toElkNode(model.root)],
    layoutOptions: {
      'elk.padding': '[top=0,left=0,bottom=0,right=0]',
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '48',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.placement': 'CENTER',
      'org.eclipse.elk.json.shapeCoords': 'ROOT',
      'org.eclipse.elk.json.edgeCoords': 'ROOT',
    },
    edges,
  }
}

let elk: Promise<ELK> | undefined

/** ELK is large (about 1.5 MB), so it is fetched when the first diagram is drawn, not with the app. */
function loadElk(): Promise<ELK> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: Elk }) => new Elk())
  return elk
}

/** Lays the statechart out with ELK's layered algorithm; every coordinate is relative to the root. */
export async function layoutStatechart(model: StatechartModel): Promise<LaidOutStatechart> {
  const laidOut = await (await loadElk()).layout(toElkGraph(model))
  const statesById = new Map([model.root, ...model.states].map((state) => [elkId(state.id), state]))
  const states: LaidOutState[] = []
  const visit = (node: ElkNode, depth: number) => {
    const state = statesById.get(node.id)
    if (state) {
      states.push({
        state,
        x: node.x ?? 0,
        y: node.y ?? 0,
        width: node.width ?? 0,
        height: node.height ?? 0,
        depth,
      })
    }
    for (const child of node.children ?? []) visit(child, depth + 1)
  }
  visit(laidOut, 0)

  const transitionsByEdge = new Map(
    model.transitions.flatMap((transition) =>
      transition.targets.map((target) => [edgeId(transition, target), transition] as const),
    ),
  )
  const transitions: LaidOutTransition[] = []
  const collectEdges = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const transition = transitionsByEdge.get(edge.id)
      if (!transition) continue
      const points = (edge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ])
      const label = edge.labels?.[0]
      transitions.push({
        transition,
        id: edge.id,
        points,
        label: label
          ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 }
          : undefined,
      })
    }
    for (const child of node.children ?? []) collectEdges(child)
  }
  collectEdges(laidOut)
  return { width: laidOut.width ?? 0, height: laidOut.height ?? 0, states, transitions }
}
