import {
  missingKeysAcceptedSchema,
  missingKeysReportSchema,
  missingKeysSchema,
} from '../../../contract/i18n/missing-keys-schemas'
import type { Operation } from '../operation'

export const translationsOperations: Operation[] = [
  {
    method: 'POST',
    path: '/translations/missing',
    summary:
      'Reports translation keys the app showed without a translation (users with the translator page flag; 30 a minute)',
    body: missingKeysReportSchema,
    reply: missingKeysAcceptedSchema,
  },
  {
    method: 'GET',
    path: '/translations/missing',
    summary:
      'The missing translation keys per language, with how often they were reported (translators only)',
    reply: missingKeysSchema,
  },
]
