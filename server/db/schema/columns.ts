import { timestamp } from 'drizzle-orm/pg-core'

/**
 * Column helpers shared by every schema file. This file imports no table, so any schema file (core.ts
 * included) can use it without an import cycle.
 */

/** Every timestamp is stored with its time zone and read as a JavaScript Date. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
