import { Trans, useLingui } from '@lingui/react/macro'
import { plural } from '@lingui/core/macro'
import { SelectField } from '../../../ui/select-field'
import { usePlainWords, type Naming } from '../plain-words'
import type { DiagramState, StatechartModel } from '../statechart-model'
import type { FlowPath } from './flow-paths'
import type { PathPlayback } from './use-path-playback'
import './path-player.css'

interface PathPlayerProps {
  playback: PathPlayback
  model: StatechartModel
  naming: Naming
}

/**
 * Plays a path of the flow: a choice of paths (the happy path, the failed calls, every other transition), the
 * step shown with the event that led to it in words, and previous, play or pause, and next.
 */
export function PathPlayer({ playback, model, naming }: PathPlayerProps) {
  const { t } = useLingui()
  const words = usePlainWords()
  const stateOf = (id: string): DiagramState | undefined => model.states.find((state) => state.id === id)
  const stateName = (id: string) => {
    const state = stateOf(id)
    if (!state) return id
    return naming === 'technical' ? state.path.join('.') : words.state(state)
  }

  if (!playback.opened) {
    return (
      <section className="path-player" aria-labelledby="path-player-title">
        <h2 id="path-player-title">{t`Play a path`}</h2>
        <p className="muted">
          <Trans>
            Follow the flow step by step along one of its paths: the happy path, a failed call, or any
            transition.
          </Trans>
        </p>
        <button type="button" className="button" onClick={playback.open}>
          {t`Choose a path to play`}
        </button>
      </section>
    )
  }

  const { path, step, current, paths } = playback
  const last = path ? path.steps.length - 1 : 0
  const stepCount = (item: FlowPath) => plural(item.steps.length - 1, { one: '# step', other: '# steps' })
  const pathName = (item: FlowPath) => {
    const end = item.steps.at(-1)
    if (item.kind === 'happy') {
      return t`The happy path, to: ${end ? stateName(end.focusId) : ''} (${stepCount(item)})`
    }
    const transition = item.transition!
    const what = naming === 'technical' ? transition.label : words.transition(transition)
    return `${item.id}. ${what} (${stepCount(item)})`
  }
  const happy = paths.filter((item) => item.kind === 'happy')
  const failed = paths.filter((item) => item.transition?.cause.kind === 'error')
  const others = paths.filter((item) => item.kind === 'transition' && item.transition?.cause.kind !== 'error')
  const transition = current?.transition
  const event = transition ? (naming === 'technical' ? transition.label : words.transition(transition)) : null

  return (
    <section className="path-player" aria-labelledby="path-player-title">
      <h2 id="path-player-title">{t`Play a path`}</h2>
      <SelectField
        label={t`Path`}
        value={path?.id ?? ''}
        onChange={(event) => playback.choose(event.target.value)}
      >
        {happy.length > 0 ? (
          <optgroup label={t`The happy path`}>
            {happy.map((item) => (
              <option key={item.id} value={item.id}>
                {pathName(item)}
              </option>
            ))}
          </optgroup>
        ) : null}
        {failed.length > 0 ? (
          <optgroup label={t`When a call fails`}>
            {failed.map((item) => (
              <option key={item.id} value={item.id}>
                {pathName(item)}
              </option>
            ))}
          </optgroup>
        ) : null}
        <optgroup label={t`Through each transition`}>
          {others.map((item) => (
            <option key={item.id} value={item.id}>
              {pathName(item)}
            </option>
          ))}
        </optgroup>
      </SelectField>
      {path && current ? (
        <>
          <div className="path-player-controls" role="group" aria-label={t`Step controls`}>
            <button
              type="button"
              className="button"
              onClick={() => playback.go(step - 1)}
              disabled={step === 0}
            >
              {t`Previous step`}
            </button>
            <button
              type="button"
              className="button"
              aria-pressed={playback.playing}
              onClick={() => playback.setPlaying(!playback.playing)}
            >
              {playback.playing ? t`Pause` : t`Play`}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => playback.go(step + 1)}
              disabled={step >= last}
            >
              {t`Next step`}
            </button>
            <button type="button" className="button" onClick={playback.close}>
              {t`Stop playing`}
            </button>
          </div>
          <div className="path-player-step" role="status" data-step={step}>
            <p className="path-player-count">
              {step === 0 ? t`Start (step 0 of ${last})` : t`Step ${step} of ${last}`}
            </p>
            {event ? (
              <p>
                <span className="path-player-term">{t`Event:`}</span> <span data-event>{event}</span>
              </p>
            ) : null}
            <p>
              <span className="path-player-term">{t`The flow is in:`}</span>{' '}
              <span data-state>{current.leafIds.map(stateName).join('; ')}</span>
            </p>
          </div>
          <p className="muted path-player-address">
            <Trans>The page’s address opens this path at this step: share it to show the same moment.</Trans>
          </p>
        </>
      ) : null}
    </section>
  )
}
