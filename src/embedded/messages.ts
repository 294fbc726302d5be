import * as v from 'valibot'

/**
 * The messages between the app in a frame and the admin application around it (docs/embedding.md).
 * Every message carries `source` and `version`, so that a parent that also talks to other frames can
 * tell ours apart before it looks at anything else.
 */
export const messageSource = 'salon-embedded'
export const messageVersion = 1

const userSchema = v.object({ id: v.number(), name: v.string() })

/** What the frame posts to its parent, keyed by `type`. */
export const outgoingMessageSchemas = {
  /** The frame is up and listening; posted once after detection and again in answer to each `ping`. */
  ready: v.object({ path: v.string() }),
  /** The user moved to another screen. */
  webPageVisit: v.object({ path: v.string(), registrationId: v.nullable(v.number()) }),
  /** The frame's session ended: it now shows sign-in. */
  login: v.object({}),
  /** A password reset succeeded; the user must sign in with the new password. */
  resetPasswordComplete: v.object({}),
  /** A registration finished; the token belongs to a session of the parent's own, the frame's is over. */
  registrationComplete: v.object({
    token: v.string(),
    user: userSchema,
    company: v.nullable(v.object({ id: v.number() })),
    progress: v.record(v.string(), v.unknown()),
    isIndividual: v.boolean(),
  }),
  /** The parent should move the user to this location of the admin application. */
  redirect: v.object({ location: v.string() }),
} as const

export type OutgoingMessageType = keyof typeof outgoingMessageSchemas

export type OutgoingPayload<TType extends OutgoingMessageType> = v.InferOutput<
  (typeof outgoingMessageSchemas)[TType]
>

export type OutgoingMessage = {
  [TType in OutgoingMessageType]: {
    source: typeof messageSource
    version: typeof messageVersion
    type: TType
    payload: OutgoingPayload<TType>
  }
}[OutgoingMessageType]

/** Wraps a payload in the envelope every outgoing message has. */
export function outgoingMessage<TType extends OutgoingMessageType>(
  type: TType,
  payload: OutgoingPayload<TType>,
): OutgoingMessage {
  return { source: messageSource, version: messageVersion, type, payload } as OutgoingMessage
}

/**
 * What the frame accepts from its parent: only a `ping`, which asks for `ready` again (a parent that
 * attached its listener late). Anything else, or anything with extra or missing fields, is ignored.
 */
export const incomingMessageSchema = v.strictObject({
  source: v.literal(messageSource),
  version: v.literal(messageVersion),
  type: v.literal('ping'),
})

export type IncomingMessage = v.InferOutput<typeof incomingMessageSchema>
