/** Rewrites any run of slashes in a path to a single one (SPEC.md section 2). */
export function normalizeSlashes(path: string): string {
  return path.replace(/\/{2,}/g, '/')
}
