import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { screensManifestOf, screenshotsFor } from './flow-screenshots'

/**
 * The screen a state shows, as the browser model suite photographed it when a path reached the state: the
 * desktop or the phone picture, in the reader's language when it was taken in it (else English). Nothing for a
 * state without a screenshot.
 */
export function StateScreenshot({
  machineId,
  stateKey,
  stateName,
}: {
  machineId: string
  stateKey: string
  stateName: string
}) {
  const { i18n, t } = useLingui()
  const [width, setWidth] = useState(1280)
  const inLanguage = screenshotsFor(machineId, stateKey, i18n.locale)
  if (inLanguage.length === 0) return null
  const shot = inLanguage.find((candidate) => candidate.width === width) ?? inLanguage[0]!
  const capturedOn = screensManifestOf(machineId)?.capturedOn
  const shotWidth = shot.width
  const widthName = (shotWidth: number) => (shotWidth >= 1000 ? t`Desktop` : t`Mobile`)
  return (
    <figure className="flow-screenshot">
      {inLanguage.length > 1 ? (
        <div className="flow-screenshot-widths" role="group" aria-label={t`Screen size`}>
          {inLanguage.map((candidate) => (
            <button
              key={candidate.width}
              type="button"
              className="button"
              aria-pressed={candidate.width === shot.width}
              onClick={() => setWidth(candidate.width)}
            >
              {widthName(candidate.width)} ({candidate.width} px)
            </button>
          ))}
        </div>
      ) : null}
      <a href={shot.url} target="_blank" rel="noreferrer">
        <img
          src={shot.url}
          alt={t`The screen of “${stateName}”, ${shotWidth} px wide`}
          data-screenshot-width={shot.width}
          loading="lazy"
          decoding="async"
        />
      </a>
      {capturedOn ? (
        <figcaption className="muted">
          <Trans>As the browser tests saw it on {capturedOn}; opens full size.</Trans>
        </figcaption>
      ) : null}
    </figure>
  )
}
