// Types of build-inputs.mjs.
export interface BuildInputs {
  /** The file whose age says when the half was last built. */
  output: string
  /** Files and folders, relative to the project root. */
  sources: string[]
}
export const CLIENT_BUILD: BuildInputs
export const SERVER_BUILD: BuildInputs
