import * as v from 'valibot'

/** GET /health: the process answers. */
export const healthSchema = v.object({ status: v.literal('ok') })

/** GET /health/ready: the process takes requests and reaches its database (503 otherwise). */
export const readinessSchema = v.object({ status: v.literal('ready') })
