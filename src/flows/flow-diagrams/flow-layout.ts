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
  /** The smallest text of the drawing: at the natural size (100%) it is 12 px, the least that reads well. */
  labelFontSize: 12,
  labelCharWidth: 6.6,
  labelHeight: 17,
  /** A screen's thumbnail in its state's box: the desktop screenshot (16:9) at a size that still shows its layout. */
  thumbnailWidth: 160,
  thumbnailHeight: 90,
} as const

/** The lines a state box shows under its name: its route and its timers. */
export function detailLinesOf(state: DiagramState): string[] {
  return [...(state.route ? [`→ ${state.route}`] : []), ...state.timers.map((timer) => `⏱ ${timer}`)]
}

function textWidth(text: string, charWidth: number): number {
  return Math.ceil(text.length * charWidth)
}

/** Breaks a text into lines of at most `width` characters, at spaces (a longer word keeps its own line). */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines.length ? lines : ['']
}

/** What the boxes and arrows say: a state's first line is its title, the rest its details. */
export interface DiagramTexts {
  stateLines: (state: DiagramState) => string[]
  transitionLines: (transition: DiagramTransition) => string[]
}

/** The drawing's texts in technical names: keys, routes, timers and `event [guard]` labels. */
export const technicalTexts: DiagramTexts = {
  stateLines: (state) => [state.key, ...detailLinesOf(state)],
  transitionLines: (transition) => [transition.kind === 'after' ? `⏱ ${transition.label}` : transition.label],
}

/** The drawing's texts in words: a state's description and a transition's, wrapped to a readable width. */
export function plainTexts(
  stateWords: (state: DiagramState) => string,
  transitionWords: (transition: DiagramTransition) => string,
): DiagramTexts {
  return {
    stateLines: (state) => wrapText(stateWords(state), 24),
    transitionLines: (transition) => wrapText(transitionWords(transition), 28),
  }
}

/** One state box in diagram coordinates. */
export interface LaidOutState {
  state: DiagramState
  x: number
  y: number
  width: number
  height: number
  depth: number
  /** The text drawn in the box, title first. */
  lines: string[]
  /** A collapsed compound state: its children are hidden, and this many states are inside. */
  hiddenStates?: number
  /** Where the thumbnail of the state's screen goes, below its text, when the state shows one. */
  thumbnail?: { x: number; y: number; width: number; height: number }
}

/** One transition: its polyline and where its label goes. */
export interface LaidOutTransition {
  transition: DiagramTransition
  /** One entry per target. */
  id: string
  points: { x: number; y: number }[]
  label?: { x: number; y: number; width: number; height: number }
  /** The label's lines. */
  lines: string[]
}

export interface LaidOutStatechart {
  width: number
  height: number
  states: LaidOutState[]
  transitions: LaidOutTransition[]
}

const elkId = (stateId: string) => `state:${stateId}`
const edgeId = (transition: DiagramTransition, target: string) => `edge:${transition.key}->${target}`

/** The room a thumbnail takes below a box's text: the picture and a gap above it. */
const thumbnailRoom = () => diagramMetrics.thumbnailHeight + diagramMetrics.padding

function boxSize(lines: string[], thumbnail = false) {
  const { charWidth, fontSize, lineHeight, padding, thumbnailWidth } = diagramMetrics
  const width = Math.max(
    ...lines.map((line, index) => textWidth(line, index === 0 ? charWidth : charWidth * 0.9)),
    thumbnail ? thumbnailWidth - 8 : 0,
  )
  return {
    width: width + padding * 2 + 8,
    height:
      fontSize + lines.length * lineHeight + padding - lineHeight / 2 + (thumbnail ? thumbnailRoom() : 0),
  }
}

/** Every state below `state`, at any depth. */
function descendantsOf(state: DiagramState): DiagramState[] {
  return state.children.flatMap((child) => [child, ...descendantsOf(child)])
}

/** The count line a collapsed state shows. */
export function collapsedLine(count: number): string {
  return `⊕ ${count}`
}

interface LayoutInput {
  model: StatechartModel
  texts: DiagramTexts
  /** Ids of compound states drawn closed, with their inner states hidden. */
  collapsed: ReadonlySet<string>
  /**
   * Whether a state's box shows a thumbnail of its screen (the box is as drawn: open, or closed with its
   * children hidden). The layout leaves room for it below the box's text. None when absent.
   */
  hasThumbnail?: (state: DiagramState, collapsed: boolean) => boolean
}

function linesOf(state: DiagramState, { texts, collapsed }: LayoutInput): string[] {
  const lines = texts.stateLines(state)
  return collapsed.has(state.id) ? [...lines, collapsedLine(descendantsOf(state).length)] : lines
}

function thumbnailShown(state: DiagramState, input: LayoutInput): boolean {
  return input.hasThumbnail?.(state, input.collapsed.has(state.id)) ?? false
}

/** The room above an open compound state's children: its text, and its thumbnail when it shows one. */
function headerOf(state: DiagramState, lines: string[], thumbnail: boolean): number {
  const { headerHeight, lineHeight } = diagramMetrics
  return headerHeight + (lines.length - 1) * lineHeight + (thumbnail ? thumbnailRoom() : 0)
}

function toElkNode(state: DiagramState, input: LayoutInput): ElkNode {
  const { padding } = diagramMetrics
  const lines = linesOf(state, input)
  const thumbnail = thumbnailShown(state, input)
  if (state.children.length === 0 || input.collapsed.has(state.id)) {
    return { id: elkId(state.id), ...boxSize(lines, thumbnail) }
  }
  const top = headerOf(state, lines, thumbnail)
  return {
    id: elkId(state.id),
    layoutOptions: {
      'elk.padding': `[top=${top},left=${padding},bottom=${padding},right=${padding}]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${boxSize(lines, thumbnail).width + padding * 2}, ${top + padding})`,
      // Parallel regions sit side by side and have no edges between them.
      ...(state.type === 'parallel' ? { 'elk.direction': 'RIGHT' } : {}),
    },
    children: state.children.map((child) => toElkNode(child, input)),
  }
}

/**
 * Where a state is drawn: itself, or the outermost collapsed state around it. Transitions of hidden states
 * are drawn from and to that box; those that stay inside it are not drawn.
 */
export function visibleStateIdOf(model: StatechartModel, collapsed: ReadonlySet<string>) {
  const byId = new Map(model.states.map((state) => [state.id, state]))
  const visible = new Map<string, string>()
  const visit = (state: DiagramState, hiddenIn: string | null) => {
    visible.set(state.id, hiddenIn ?? state.id)
    const inner = hiddenIn ?? (collapsed.has(state.id) ? state.id : null)
    for (const child of state.children) visit(child, inner)
  }
  visit(model.root, null)
  return (stateId: string) => visible.get(stateId) ?? (byId.has(stateId) ? stateId : model.root.id)
}

/** The edges drawn: one per transition target, between visible boxes, without those inside a closed box. */
function visibleEdgesOf({ model, collapsed }: LayoutInput) {
  const visibleOf = visibleStateIdOf(model, collapsed)
  return model.transitions.flatMap((transition) =>
    transition.targets.flatMap((target) => {
      const from = visibleOf(transition.source)
      const to = visibleOf(target)
      const inside = from === to && (from !== transition.source || to !== target)
      return inside ? [] : [{ transition, target, from, to }]
    }),
  )
}

/** The ELK graph of a statechart: states nest as children, each transition target is one labelled edge. */
export function toElkGraph(input: LayoutInput): ElkNode {
  const { labelCharWidth, labelHeight } = diagramMetrics
  const edges: ElkExtendedEdge[] = visibleEdgesOf(input).map(({ transition, target, from, to }) => {
    const lines = input.texts.transitionLines(transition)
    return {
      id: edgeId(transition, target),
      sources: [elkId(from)],
      targets: [elkId(to)],
      labels: [
        {
          id: `label:${transition.key}->${target}`,
          text: lines.join(' '),
          width: Math.max(...lines.map((line) => textWidth(line, labelCharWidth))) + 8,
          height: labelHeight * lines.length,
        },
      ],
    }
  })
  // The machine is a box inside the graph rather than the graph itself, because ELK cannot route
  // the machine-wide transitions (from the root to a state) from the graph node.
  return {
    id: 'graph',
    children: [toElkNode(input.model.root, input)],
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

/**
 * A thumbnail's place: at the foot of a box drawn as a leaf (a state, or a closed compound state), else under
 * an open compound state's text, in the room its header keeps above the children.
 */
function thumbnailBox(
  state: DiagramState,
  box: { x: number; y: number; width: number; height: number },
  lines: string[],
  input: LayoutInput,
) {
  const { padding, thumbnailWidth: width, thumbnailHeight: height } = diagramMetrics
  const leaf = state.children.length === 0 || input.collapsed.has(state.id)
  const y = leaf
    ? box.y + box.height - padding - height
    : box.y + headerOf(state, lines, true) - height - padding / 2
  return { x: box.x + padding, y, width, height }
}

let elk: Promise<ELK> | undefined

/** ELK is large (about 1.5 MB), so it is fetched when the first diagram is drawn, not with the app. */
function loadElk(): Promise<ELK> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: Elk }) => new Elk())
  return elk
}

/** Lays the statechart out with ELK's layered algorithm; every coordinate is relative to the root. */
export async function layoutStatechart(input: LayoutInput): Promise<LaidOutStatechart> {
  const { model, collapsed } = input
  const laidOut = await (await loadElk()).layout(toElkGraph(input))
  const statesById = new Map([model.root, ...model.states].map((state) => [elkId(state.id), state]))
  const states: LaidOutState[] = []
  const visit = (node: ElkNode, depth: number) => {
    const state = statesById.get(node.id)
    if (state) {
      const box = { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 }
      const lines = linesOf(state, input)
      states.push({
        state,
        ...box,
        depth,
        lines,
        hiddenStates: collapsed.has(state.id) ? descendantsOf(state).length : undefined,
        thumbnail: thumbnailShown(state, input) ? thumbnailBox(state, box, lines, input) : undefined,
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
        lines: input.texts.transitionLines(transition),
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
