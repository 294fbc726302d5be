import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { IN_MEMORY_DATA_DIR, type Config } from '../../config'

/** The url prefix under which uploads are served. */
export const UPLOADS_URL_PREFIX = '/uploads/'

const temporaryDirs = new WeakMap<Config, string>()

/**
 * Where uploaded files live: DATA_DIR/uploads. A server whose data lives in memory (tests) gets a temporary
 * folder of its own instead, so that nothing is left in the working tree.
 */
export function uploadsDir(config: Config): string {
  if (config.DATA_DIR === IN_MEMORY_DATA_DIR) {
    let dir = temporaryDirs.get(config)
    if (!dir) {
      dir = mkdtempSync(join(tmpdir(), 'salon-uploads-'))
      temporaryDirs.set(config, dir)
    }
    return dir
  }
  const dir = resolve(config.DATA_DIR, 'uploads')
  mkdirSync(dir, { recursive: true })
  return dir
}
