// The ids that workspace addresses carry, read the same way by a route's loader and by its screen. They live
// apart from the screens so that the route tree can read them without loading any screen.

const ID_PARAM = /^[1-9]\d{0,8}$/

/** The id a `$serviceKey` names: null for `new` and `new-composite`, undefined for anything that is not an id. */
export function serviceIdOfKey(key: string): number | null | undefined {
  if (key === 'new' || key === 'new-composite') return null
  return ID_PARAM.test(key) ? Number(key) : undefined
}

/** The id a `$staffId` names, or undefined for anything that is not an id. */
export const staffIdOfParam = (param: string) => (ID_PARAM.test(param) ? Number(param) : undefined)

/** The id a `$userId` names, or undefined for anything that is not an id. */
export const userIdOfParam = (param: string) => (ID_PARAM.test(param) ? Number(param) : undefined)
