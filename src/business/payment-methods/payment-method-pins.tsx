import { Trans, useLingui } from '@lingui/react/macro'
import type { PaymentMethod } from '../../../contract/payment-methods/schemas'
import type { ApiError } from '../../api/api-error'
import { usePaymentMethodPins, useSetPaymentMethodPin } from '../../api/attendance-pins/payment-method-pins'
import { Checkbox } from '../../ui/checkbox'
import { useChoicesWhileSaving } from '../../ui/choices-while-saving'
import { showRequestFailureToast } from '../../ui/request-failure-toast'

/** Which payment methods the cash desk shows first: one box per method, saved as it is ticked. */
export function PaymentMethodPins(props: { companyId: number; methods: PaymentMethod[]; canEdit: boolean }) {
  const { t } = useLingui()
  const pins = usePaymentMethodPins(props.companyId)
  const setPin = useSetPaymentMethodPin(props.companyId)
  // While a pin is being saved, its box shows what was chosen; a refusal puts back what the server holds.
  const choices = useChoicesWhileSaving()
  const titleOf = (slug: string) => props.methods.find((method) => method.slug === slug)?.title ?? slug
  // A failed re-read keeps the list already shown; only a list never read says it could not be loaded.
  if (pins.data === undefined) {
    if (!pins.isError) return null
    return (
      <p role="alert">
        <Trans>The pinned payment methods could not be loaded.</Trans>
      </p>
    )
  }
  const pinned = pins.data.filter((pin) => pin.is_pinned)
  return (
    <fieldset className="plain-fieldset pin-group">
      <legend>
        <Trans>Payment methods pinned at the cash desk</Trans>
      </legend>
      {props.canEdit ? (
        pins.data.map((pin) => (
          <Checkbox
            key={pin.payment_method_slug}
            label={titleOf(pin.payment_method_slug)}
            checked={choices.shown(pin.payment_method_slug, pin.is_pinned)}
            disabled={choices.anySaving}
            onChange={(event) => {
              const slug = pin.payment_method_slug
              choices.choose(slug, event.target.checked)
              setPin
                .mutateAsync({ payment_method_slug: slug, is_pinned: event.target.checked })
                .catch((error: unknown) => showRequestFailureToast(error as ApiError))
                .finally(() => choices.settle(slug))
            }}
          />
        ))
      ) : (
        <p>
          {pinned.length === 0
            ? t`None pinned.`
            : pinned.map((pin) => titleOf(pin.payment_method_slug)).join(', ')}
        </p>
      )}
    </fieldset>
  )
}
