import * as v from 'valibot'
import { fieldText } from './field-text'

/**
 * An `include=` query of a list: a comma-separated list of the related things the reply should carry, each one
 * the route knows, as an array (empty when not asked for). An unknown name is refused rather than ignored, so a
 * client's typo shows at once instead of as a field missing from every reply.
 */
export const includeQuerySchema = <TName extends string>(allowed: readonly TName[]) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) =>
        value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      ),
      v.check(
        (parts) => parts.every((part) => (allowed as readonly string[]).includes(part)),
        fieldText(/*i18n*/ 'may list {options}', { options: allowed.join(', ') }),
      ),
      v.transform((parts) => parts as TName[]),
    ),
    '',
  )
