import { readFileSync } from 'node:fs'

/** A text file's content, or undefined when it is not there (a build without it, a folder missing it). */
export function readTextIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}
