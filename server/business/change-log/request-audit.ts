import type { FastifyRequest } from 'fastify'
import type { Database } from '../../db/database'
import { recordChange, type BusinessChange } from './record-change'

/**
 * Writes the audit entry of one change inside the transaction that makes it. Domain functions take this instead
 * of the request, so they stay plain functions of the database.
 */
export type RecordChange = (tx: Database, change: BusinessChange) => Promise<void>

/** The RecordChange of a request: its actor, company and address go with every change it makes. */
export const auditOf =
  (request: FastifyRequest): RecordChange =>
  (tx, change) =>
    recordChange(tx, request, change)
