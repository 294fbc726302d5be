import type { FreeResource, ResourceInstance } from '../../../contract/resources/schemas'

/** The longest span the free-instances call takes: one day, in seconds. */
const longestSpanSec = 24 * 60 * 60

/**
 * How long an instance must stay free for one service: the service's duration, at least a minute (a service
 * without a duration still takes its resource for a moment), at most the day the call allows.
 */
export function checkedSpanSec(serviceDurationSec: number): number {
  return Math.min(Math.max(Math.round(serviceDurationSec), 60), longestSpanSec)
}

/** One instance of the resource checked, and whether it is free for the whole span asked. */
export interface InstanceAvailability {
  id: number
  title: string
  free: boolean
}

/**
 * Every instance of one resource, marked free or taken from the free-instances answer. An instance the answer does
 * not list as free is taken; a resource the answer does not mention at all (the service does not need it) has no
 * answer, which is `null`.
 */
export function availabilityOf(
  instances: readonly ResourceInstance[],
  answer: readonly FreeResource[],
  resourceId: number,
): InstanceAvailability[] | null {
  const entry = answer.find((resource) => resource.resource_id === resourceId)
  if (!entry) return null
  const free = new Set(entry.free_instances.map((instance) => instance.id))
  return instances
    .filter((instance) => instance.resource_id === resourceId)
    .map((instance) => ({ id: instance.id, title: instance.title, free: free.has(instance.id) }))
}
