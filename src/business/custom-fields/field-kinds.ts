import type { CustomFieldKind } from '../../../contract/custom-fields/schemas'
import { canReadCustomFields, type CustomFieldRights } from '../../api/custom-fields/read-access'

/** The kinds in the order the page's tabs list them: clients first, as the labels page does. */
export const kindsInTabOrder: readonly CustomFieldKind[] = ['client', 'record']

/** The kinds whose tab the user sees: the ones they may read (edit implies read). */
export const readableKindsInTabOrder = (rights: CustomFieldRights): CustomFieldKind[] =>
  kindsInTabOrder.filter((kind) => canReadCustomFields(rights, kind))

/**
 * The kind the page shows: the one the address asks for when the user may read it, else the first one they
 * may read (an address shared by a colleague with other rights still opens), or none at all.
 */
export function kindToShow(
  rights: CustomFieldRights,
  requested: CustomFieldKind | undefined,
): CustomFieldKind | null {
  const readable = readableKindsInTabOrder(rights)
  if (requested !== undefined && readable.includes(requested)) return requested
  return readable[0] ?? null
}
