// Types of build-server.mjs, a plain ES module so that `npm start` and the Docker build run it without tsx.
import type { Metafile } from 'esbuild'

export const SERVER_ENTRY_POINTS: Record<string, string>
export const SERVER_RUNTIME_FOLDERS: string[]
export function packagesOutsideDependencies(
  metafile: Metafile,
  packageJson: { dependencies?: Record<string, string> },
): string[]
export function buildServer(options?: { outDir?: string }): Promise<Metafile>
