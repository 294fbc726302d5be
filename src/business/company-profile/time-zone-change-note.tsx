import { Trans, useLingui } from '@lingui/react/macro'

/** The wall-clock time now in a zone, such as 14:05. */
const timeIn = (zone: string, locale: string, now: Date) =>
  new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone: zone }).format(now)

/**
 * Says what a new time zone changes before it is saved: the opening hours and the staff's weeks are kept as local
 * times, so "10:00 to 20:00" stays 10:00 to 20:00 in the new zone, which is another moment on the world's clock.
 */
export function TimeZoneChangeNote(props: { saved: string; chosen: string; now?: Date }) {
  const { t, i18n } = useLingui()
  if (props.saved === props.chosen) return null
  const now = props.now ?? new Date()
  const savedTime = timeIn(props.saved, i18n.locale, now)
  const chosenTime = timeIn(props.chosen, i18n.locale, now)
  const { saved, chosen } = props
  return (
    <div className="notice" role="note" aria-label={t`What a new time zone changes`}>
      <p>
        <Trans>
          It is {savedTime} now in {saved} and {chosenTime} in {chosen}.
        </Trans>
      </p>
      <p>
        <Trans>
          The salon's opening hours and each staff member's week are kept in local time: "10:00 to 20:00"
          stays 10:00 to 20:00, now in {chosen}. The appointment book and online booking show times in the new
          zone from the moment you save.
        </Trans>
      </p>
    </div>
  )
}
