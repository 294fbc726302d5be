import { posix } from 'node:path'

/** One COPY of a Dockerfile: from the build context, or from an earlier stage (`--from`). */
export interface DockerCopy {
  from: string | undefined
  sources: string[]
  destination: string
}

/** One stage of a multi-stage Dockerfile, with what it copies and runs in the order written. */
export interface DockerStage {
  name: string | undefined
  workdir: string
  copies: DockerCopy[]
  runs: string[]
  cmd: string[] | undefined
}

/** The arguments of an instruction: a JSON array (exec form) or words separated by spaces. */
function argumentsOf(rest: string): string[] {
  const trimmed = rest.trim()
  if (trimmed.startsWith('[')) return JSON.parse(trimmed) as string[]
  return trimmed.split(/\s+/).filter((word) => word !== '')
}

/**
 * The stages of a Dockerfile: FROM, WORKDIR, COPY, RUN and CMD, which are all a check of its paths needs.
 * Continuation lines are joined and comments dropped, as Docker reads them.
 */
export function parseDockerfile(text: string): DockerStage[] {
  const instructions = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  const stages: DockerStage[] = []
  for (const line of instructions) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? []
    const stage = stages.at(-1)
    switch (keyword.toUpperCase()) {
      case 'FROM': {
        const words = argumentsOf(rest)
        const as = words.findIndex((word) => word.toUpperCase() === 'AS')
        stages.push({
          name: as >= 0 ? words[as + 1] : undefined,
          workdir: '/',
          copies: [],
          runs: [],
          cmd: undefined,
        })
        break
      }
      case 'WORKDIR':
        if (stage) stage.workdir = posix.resolve(stage.workdir, rest.trim())
        break
      case 'COPY': {
        const flags: string[] = []
        let remaining = rest.trim()
        for (let flag = /^(--\S+)\s+/.exec(remaining); flag; flag = /^(--\S+)\s+/.exec(remaining)) {
          flags.push(flag[1]!)
          remaining = remaining.slice(flag[0].length)
        }
        const words = argumentsOf(remaining)
        const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length)
        stage?.copies.push({ from, sources: words.slice(0, -1), destination: words.at(-1)! })
        break
      }
      case 'RUN':
        stage?.runs.push(rest.trim())
        break
      case 'CMD':
        if (stage) stage.cmd = argumentsOf(rest)
        break
    }
  }
  return stages
}

/** A .dockerignore pattern as a regular expression: `**` any number of folders, `*` and `?` within one name. */
function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/(\*\*|\*|\?)/)
    .map((part) =>
      part === '**'
        ? '.*'
        : part === '*'
          ? '[^/]*'
          : part === '?'
            ? '[^/]'
            : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('')
  return new RegExp(`^${source}$`)
}

/**
 * Whether .dockerignore leaves `path` (relative to the context) out of the build context: the last matching
 * pattern decides, `!` brings a path back, and a pattern that matches a folder matches everything in it.
 */
export function dockerIgnores(dockerignore: string, path: string): boolean {
  const patterns = dockerignore
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  const segments = posix.normalize(path).split('/')
  const prefixes = segments.map((_, index) => segments.slice(0, index + 1).join('/'))
  let ignored = false
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!')
    const glob = patternToRegExp(posix.normalize((negated ? pattern.slice(1) : pattern).replace(/^\/+/, '')))
    if (prefixes.some((prefix) => glob.test(prefix))) ignored = !negated
  }
  return ignored
}
