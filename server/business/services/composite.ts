import { defaultCompositeSettings, type CompositeSettings } from '../../../contract/services/composite-rules'
import type { CompositeDetailsInput } from '../../../contract/services/schemas'

/** The settings a composite has stored (jsonb), over the defaults. */
export function readCompositeSettings(stored: unknown): CompositeSettings {
  const record = (stored && typeof stored === 'object' ? stored : {}) as Partial<CompositeSettings>
  return { ...defaultCompositeSettings, ...record }
}

/** The stored settings with those a save sends. */
export function mergeCompositeSettings(
  current: CompositeSettings,
  input: CompositeDetailsInput,
): CompositeSettings {
  return {
    exec_order: input.exec_order ?? current.exec_order,
    pricing_type: input.pricing_type ?? current.pricing_type,
    price_discount_percent: input.price_discount_percent ?? current.price_discount_percent,
  }
}
