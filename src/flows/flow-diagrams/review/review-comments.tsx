import { Trans, useLingui } from '@lingui/react/macro'
import { useState, type FormEvent } from 'react'
import type { FlowComment } from '../../../../contract/flow-reviews/schemas'
import { useAddFlowComment, useFlowReview, useResolveFlowComment } from '../../../api/flows/flow-reviews'
import { FormAlert } from '../../../ui/form-alert'
import { SelectField } from '../../../ui/select-field'
import { SubmitButton } from '../../../ui/submit-button'
import { TextAreaField } from '../../../ui/text-area-field'
import { usePlainWords, type Naming } from '../plain-words'
import type { DiagramState, DiagramTransition } from '../statechart-model'
import { useSignedInReviewer } from './use-signed-in-reviewer'
import './flow-review.css'

/** The comments on a state and on the transitions that leave it, and a form to add one. */
export function ReviewComments({
  machineId,
  state,
  transitions,
  naming,
}: {
  machineId: string
  state: DiagramState
  /** The transitions that leave the state. */
  transitions: DiagramTransition[]
  naming: Naming
}) {
  const { t } = useLingui()
  const signedIn = useSignedInReviewer()
  const review = useFlowReview(machineId, signedIn)
  const words = usePlainWords()
  const transitionName = (transition: DiagramTransition) =>
    naming === 'technical' ? transition.label : words.transition(transition)

  if (!signedIn) return null
  const titleOf = (comment: FlowComment) => {
    if (comment.target_kind === 'state') return t`This state`
    const transition = transitions.find((item) => item.key === comment.target_id)
    return transition ? transitionName(transition) : comment.target_id
  }
  const comments = (review.data?.comments ?? []).filter((comment) =>
    comment.target_kind === 'state'
      ? comment.target_id === state.id
      : transitions.some((transition) => transition.key === comment.target_id),
  )
  return (
    <section className="flow-review-comments" aria-labelledby="review-comments-title">
      <h3 id="review-comments-title">
        <Trans>Review comments</Trans>
      </h3>
      {review.isError ? <FormAlert>{t`The comments could not be loaded.`}</FormAlert> : null}
      {review.data && comments.length === 0 ? (
        <p className="muted">
          <Trans>No comments on this state or its transitions yet.</Trans>
        </p>
      ) : null}
      <ul className="flow-comment-list">
        {comments.map((comment) => (
          <CommentItem
            key={comment.id}
            machineId={machineId}
            comment={comment}
            about={titleOf(comment)}
            earlierVersion={comment.machine_version !== review.data?.version}
          />
        ))}
      </ul>
      <CommentForm
        key={state.id}
        machineId={machineId}
        state={state}
        transitions={transitions}
        transitionName={transitionName}
      />
    </section>
  )
}

function CommentItem({
  machineId,
  comment,
  about,
  earlierVersion,
}: {
  machineId: string
  comment: FlowComment
  about: string
  earlierVersion: boolean
}) {
  const { t, i18n } = useLingui()
  const resolve = useResolveFlowComment(machineId)
  const author = comment.author.name
  const date = i18n.date(new Date(comment.created_at), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <li className="flow-comment" data-resolved={comment.resolved ? 'true' : 'false'}>
      <p className="flow-comment__about muted">{about}</p>
      <p className="flow-comment__text">{comment.text}</p>
      <p className="muted">
        <Trans>
          {author}, {date}
        </Trans>
        {earlierVersion ? <> · {t`on an earlier version`}</> : null}
        {comment.resolved ? <> · {t`resolved`}</> : null}
      </p>
      <button
        type="button"
        className="button"
        disabled={resolve.isPending}
        onClick={() => resolve.mutate({ id: comment.id, resolved: !comment.resolved })}
      >
        {comment.resolved ? t`Reopen` : t`Resolve`}
      </button>
      <FormAlert>{resolve.isError ? resolve.error.message : null}</FormAlert>
    </li>
  )
}

function CommentForm({
  machineId,
  state,
  transitions,
  transitionName,
}: {
  machineId: string
  state: DiagramState
  transitions: DiagramTransition[]
  transitionName: (transition: DiagramTransition) => string
}) {
  const { t } = useLingui()
  const add = useAddFlowComment(machineId)
  const [target, setTarget] = useState('')
  const [text, setText] = useState('')
  const [missingText, setMissingText] = useState(false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!text.trim()) {
      setMissingText(true)
      return
    }
    add.mutate(
      target
        ? { target_kind: 'transition', target_id: target, text }
        : { target_kind: 'state', target_id: state.id, text },
      { onSuccess: () => setText('') },
    )
  }
  return (
    <form className="flow-comment-form" onSubmit={submit} noValidate>
      {transitions.length > 0 ? (
        <SelectField label={t`About`} value={target} onChange={(event) => setTarget(event.target.value)}>
          <option value="">{t`This state`}</option>
          {transitions.map((transition) => (
            <option key={transition.key} value={transition.key}>
              {transitionName(transition)}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextAreaField
        label={t`Comment`}
        value={text}
        maxLength={2000}
        onChange={(event) => {
          setText(event.target.value)
          setMissingText(false)
        }}
        error={missingText ? t`Write the comment first.` : undefined}
      />
      <FormAlert>{add.isError ? add.error.message : null}</FormAlert>
      <SubmitButton busy={add.isPending}>
        <Trans>Add comment</Trans>
      </SubmitButton>
    </form>
  )
}
