import type { RightFlag } from './rights-catalogue'
import { featureModules, isFeatureModule, type FeatureModule } from './feature-modules'

/** The part of the rights object a lookup reads; the whole rights object fits. */
export type FlagRights = Partial<Record<RightFlag, boolean>>

/**
 * Whether the user may open a module, read from the rights object loaded with the company. Rights not loaded
 * yet, or a module name the app does not know, count as closed: a screen never opens on a guess.
 */
export function hasFeatureAccess(
  rights: FlagRights | null | undefined,
  module: FeatureModule | string,
): boolean {
  if (!rights || !isFeatureModule(module)) return false
  return featureModules[module].some((flag: RightFlag) => rights[flag] === true)
}

/** The modules the user may open, in catalogue order: what a navigation menu shows. */
export function openFeatureModules(rights: FlagRights | null | undefined): FeatureModule[] {
  return (Object.keys(featureModules) as FeatureModule[]).filter((module) => hasFeatureAccess(rights, module))
}
