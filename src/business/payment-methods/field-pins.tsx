import { Trans, useLingui } from '@lingui/react/macro'
import type { ApiError } from '../../api/api-error'
import { useFieldPins, usePinField, useUnpinField } from '../../api/attendance-pins/field-pins'
import { Checkbox } from '../../ui/checkbox'
import { useChoicesWhileSaving } from '../../ui/choices-while-saving'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { attendanceFields } from './attendance-fields'

/**
 * Which fields of the cash-desk window stay on top. Pinning waits for the server; unpinning does not (SPEC.md
 * section 7): the box clears at once and is ticked again, with the error toast, if the server refuses.
 */
export function FieldPins(props: { companyId: number; canEdit: boolean }) {
  const { t, i18n } = useLingui()
  const pins = useFieldPins(props.companyId)
  const pin = usePinField(props.companyId)
  const unpin = useUnpinField(props.companyId, (error) => showRequestFailureToast(error as ApiError))
  const choices = useChoicesWhileSaving()
  // A failed re-read keeps the list already shown; only a list never read says it could not be loaded.
  if (pins.data === undefined) {
    if (!pins.isError) return null
    return (
      <p role="alert">
        <Trans>The pinned fields could not be loaded.</Trans>
      </p>
    )
  }
  const known = new Set(attendanceFields.map((field) => field.slug))
  const fields = [
    ...attendanceFields.map((field) => ({ slug: field.slug, name: i18n._(field.name) })),
    ...pins.data
      .filter((item) => !known.has(item.slug))
      .map((item) => ({ slug: item.slug, name: item.slug })),
  ]
  const pinOf = (slug: string) => pins.data.find((item) => item.slug === slug)
  return (
    <fieldset className="plain-fieldset pin-group">
      <legend>
        <Trans>Fields pinned at the cash desk</Trans>
      </legend>
      {props.canEdit ? (
        fields.map((field) => {
          const current = pinOf(field.slug)
          // A field being pinned shows ticked until the server answers; a refusal clears it again.
          return (
            <Checkbox
              key={field.slug}
              label={field.name}
              checked={choices.shown(field.slug, current !== undefined)}
              disabled={choices.isSaving(field.slug)}
              onChange={() => {
                const settle = () => choices.settle(field.slug)
                choices.choose(field.slug, current === undefined)
                if (current) unpin(current, settle)
                else
                  // Each call settles on its own (mutate's callbacks would reach only the latest of several).
                  pin
                    .mutateAsync(field.slug)
                    .catch((error: unknown) => showRequestFailureToast(error as ApiError))
                    .finally(settle)
              }}
            />
          )
        })
      ) : (
        <p>
          {pins.data.length === 0
            ? t`None pinned.`
            : fields
                .filter((field) => pinOf(field.slug))
                .map((field) => field.name)
                .join(', ')}
        </p>
      )}
    </fieldset>
  )
}
