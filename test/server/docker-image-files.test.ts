import { existsSync, readFileSync } from 'node:fs'
import { join, posix, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CLIENT_BUILD, SERVER_BUILD } from '../../scripts/build-inputs.mjs'
import { dockerIgnores, parseDockerfile, type DockerStage } from '../support/dockerfile'

const projectRoot = resolve(import.meta.dirname, '../..')
const stages = parseDockerfile(readFileSync(join(projectRoot, 'Dockerfile'), 'utf8'))
const dockerignore = readFileSync(join(projectRoot, '.dockerignore'), 'utf8')
const inContext = (path: string) => existsSync(join(projectRoot, path)) && !dockerIgnores(dockerignore, path)

/** What a RUN leaves in its stage's working directory: the installed packages, and the two builds. */
const LEFT_BY_RUN = [
  { command: /^npm ci\b/, paths: ['node_modules'] },
  {
    command: /^npm run build$/,
    paths: [posix.dirname(CLIENT_BUILD.output), posix.dirname(SERVER_BUILD.output)],
  },
]

const within = (path: string, folder: string) =>
  folder === '.' || path === folder || path.startsWith(`${folder}/`)

/** Whether `stage` holds `path` (absolute in the image) once it has run: copied in, or made by a RUN. */
function stageHolds(stage: DockerStage, path: string): boolean {
  const relative = posix.relative(stage.workdir, posix.resolve(stage.workdir, path))
  const made = stage.runs.some((run) =>
    LEFT_BY_RUN.some(
      ({ command, paths }) => command.test(run) && paths.some((made) => within(relative, made)),
    ),
  )
  const copied = stage.copies.some(({ from, sources, destination }) => {
    if (from !== undefined) return false
    const target = posix.relative(stage.workdir, posix.resolve(stage.workdir, destination))
    return sources.some((source) => {
      if (source === '.')
        return within(relative, target) && inContext(posix.relative(target, relative) || '.')
      const copiedTo = destination.endsWith('/') ? posix.join(target, posix.basename(source)) : target
      return within(relative, copiedTo) && inContext(source)
    })
  })
  return made || copied
}

// Docker is not installed here, so the image is never built by the tests: this checks what a build would trip on.
describe('the Dockerfile', () => {
  it('copies from the build context only paths that exist and that .dockerignore lets in', () => {
    const sources = stages.flatMap((stage) =>
      stage.copies.filter((copy) => copy.from === undefined).flatMap((copy) => copy.sources),
    )
    expect(sources.length).toBeGreaterThan(0)
    expect(sources.filter((source) => source !== '.' && !inContext(source))).toEqual([])
  })

  it('copies from an earlier stage only what that stage holds', () => {
    const copies = stages.flatMap((stage) => stage.copies.filter((copy) => copy.from !== undefined))
    expect(copies.length).toBeGreaterThan(0)
    const missing = copies.flatMap(({ from, sources }) => {
      const source = stages.find((stage) => stage.name === from)
      return sources.filter((path) => !source || !stageHolds(source, path)).map((path) => `${from}:${path}`)
    })
    expect(missing).toEqual([])
  })

  it('builds from a context that holds every source of the app and of the server', () => {
    const sources = [...CLIENT_BUILD.sources, ...SERVER_BUILD.sources]
    expect(sources.filter((source) => dockerIgnores(dockerignore, source))).toEqual([])
  })

  it('starts the compiled server that its last stage holds', () => {
    const runtime = stages.at(-1)!
    expect(runtime.cmd).toContain(SERVER_BUILD.output)
    expect(stageHoldsFromStages(runtime, SERVER_BUILD.output)).toBe(true)
  })
})

/** Whether the last stage holds `path` through a COPY --from of a stage that holds it. */
function stageHoldsFromStages(stage: DockerStage, path: string): boolean {
  return stage.copies.some(({ from, sources, destination }) => {
    const source = stages.find((candidate) => candidate.name === from)
    const target = posix.relative(stage.workdir, posix.resolve(stage.workdir, destination))
    return (
      source !== undefined &&
      within(path, target) &&
      sources.some((copied) => stageHolds(source, posix.join(copied, posix.relative(target, path))))
    )
  })
}
