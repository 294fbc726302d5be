import { queryOptions } from '@tanstack/react-query'
import {
  missingKeysAcceptedSchema,
  missingKeysSchema,
  type MissingKeysReport,
} from '../../../contract/i18n/missing-keys-schemas'
import { apiRequest } from '../client'

/** POST /translations/missing: a batch of keys this app showed without a translation (translators only). */
export const reportMissingKeys = (keys: { language: string; key: string }[]) =>
  apiRequest('/translations/missing', {
    method: 'POST',
    body: { keys } as unknown as MissingKeysReport,
    schema: missingKeysAcceptedSchema,
    handleUnauthorized: false,
    changesReplies: false,
  })

/** GET /translations/missing: every reported key per language, with its count (translators only). */
export const missingKeysQueryOptions = () =>
  queryOptions({
    queryKey: ['translations', 'missing'],
    queryFn: () => apiRequest('/translations/missing', { schema: missingKeysSchema }),
  })
