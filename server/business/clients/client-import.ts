import { and, eq, inArray, isNull } from 'drizzle-orm'
import Papa from 'papaparse'
import {
  clientImportLimits,
  clientLimits,
  isPossibleBirthDate,
  type ImportRejection,
  type ImportReport,
  type ImportRow,
} from '../../../contract/clients/schemas'
import type { Database } from '../../db/database'
import { clients } from '../../db/schema'
import { HttpError } from '../../http/http-error'
import { VALIDATION_FAILED_MESSAGE } from '../../http/validate'
import type { RecordChange } from '../change-log/request-audit'
import { normaliseClientPhone } from './client-phone'
import { companyRegion } from './clients-store'
import { fieldText } from '../../../contract/field-text'
import { EMAIL_PATTERN } from '../../../contract/onboarding/schemas'

type Column = 'name' | 'surname' | 'phone' | 'email' | 'birth_date' | 'comment'

/** Header titles an import recognises (lower case, spaces and _ alike), in English and Russian. */
const headerWords: Record<Column, string[]> = {
  name: ['name', 'first name', 'firstname', 'given name', 'client', 'имя', 'клиент'],
  surname: ['surname', 'last name', 'lastname', 'family name', 'фамилия'],
  phone: ['phone', 'phone number', 'telephone', 'mobile', 'tel', 'телефон', 'мобильный', 'номер телефона'],
  email: ['email', 'e-mail', 'mail', 'e mail', 'почта', 'эл. почта', 'электронная почта'],
  birth_date: ['birth date', 'birthday', 'date of birth', 'birthdate', 'дата рождения', 'день рождения'],
  comment: ['comment', 'comments', 'note', 'notes', 'комментарий', 'заметка', 'примечание'],
}

const columnOf = (header: string): Column | undefined => {
  const word = header.trim().toLowerCase().replace(/_/g, ' ').replace(/\s+/g, ' ')
  return (Object.keys(headerWords) as Column[]).find((column) => headerWords[column].includes(word))
}

const invalidFile = (message: string) =>
  new HttpError(422, VALIDATION_FAILED_MESSAGE, { fieldErrors: { csv: [message] } })

/** A birth date as YYYY-MM-DD from YYYY-MM-DD or DD.MM.YYYY (also with / or -); undefined when none fits. */
function birthDateOf(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const dotted = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(text)
  const [year, month, day] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : dotted
      ? [dotted[3]!, dotted[2]!.padStart(2, '0'), dotted[1]!.padStart(2, '0')]
      : []
  if (!year) return undefined
  const value = `${year}-${month}-${day}`
  const date = new Date(`${value}T00:00:00Z`)
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(value)) return undefined
  return isPossibleBirthDate(value) ? value : undefined
}

interface Candidate extends ImportRow {
  birthDate: string | null
  comment: string
}

/**
 * Reads an import file: the first row names the columns (name is required), every other row is a client.
 * Each row is checked on its own, then against the earlier rows of the file and the company's live clients.
 */
async function readRows(db: Database, companyId: number, csv: string) {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const [header, ...data] = parsed.data
  if (!header) throw invalidFile(/*i18n*/ 'is empty')
  const columns = header.map(columnOf)
  if (!columns.includes('name')) throw invalidFile(/*i18n*/ 'needs a header row with a name column')
  if (data.length > clientImportLimits.rows) {
    throw invalidFile(
      fieldText(/*i18n*/ 'may hold at most {max, plural, one {# row} other {# rows}}', {
        max: clientImportLimits.rows,
      }),
    )
  }
  const region = await companyRegion(db, companyId)
  const seenPhones = new Map<string, number>()
  const rows: Candidate[] = data.map((cells, index) => {
    const line = index + 2
    const cell = (column: Column) => {
      const at = columns.indexOf(column)
      return at < 0 ? '' : (cells[at] ?? '').trim()
    }
    const rawPhone = cell('phone')
    const rawEmail = cell('email').toLowerCase()
    const rawBirth = cell('birth_date')
    const phone = rawPhone ? normaliseClientPhone(rawPhone, region) : null
    const birthDate = rawBirth ? birthDateOf(rawBirth) : null
    const row: Candidate = {
      line,
      name: cell('name'),
      surname: cell('surname'),
      phone: phone ?? (rawPhone || null),
      email: rawEmail || null,
      reason: null,
      birthDate: birthDate ?? null,
      comment: cell('comment'),
    }
    const reject = (reason: ImportRejection) => ({ ...row, reason })
    if (!row.name) return reject('missing_name')
    if (
      row.name.length > clientLimits.name ||
      row.surname.length > clientLimits.surname ||
      row.comment.length > clientLimits.comment ||
      rawEmail.length > clientLimits.email
    ) {
      return reject('too_long')
    }
    if (phone === undefined) return reject('bad_phone')
    if (rawEmail && !EMAIL_PATTERN.test(rawEmail)) return reject('bad_email')
    if (birthDate === undefined) return reject('bad_birth_date')
    if (phone) {
      const earlier = seenPhones.get(phone)
      if (earlier !== undefined) return { ...reject('duplicate_in_file'), duplicate_of_line: earlier }
      seenPhones.set(phone, line)
    }
    return row
  })
  const phones = [...seenPhones.keys()]
  const existing = new Map<string, { id: number; name: string; surname: string }>()
  for (let start = 0; start < phones.length; start += 500) {
    const found = await db
      .select({ id: clients.id, name: clients.name, surname: clients.surname, phone: clients.phone })
      .from(clients)
      .where(
        and(
          eq(clients.companyId, companyId),
          inArray(clients.phone, phones.slice(start, start + 500)),
          // Merged and deleted clients free their phone: only a live one is a duplicate.
          isNull(clients.mergedIntoId),
          isNull(clients.deletedAt),
        ),
      )
    for (const { phone, ...client } of found) if (phone) existing.set(phone, client)
  }
  return {
    columns: [...new Set(columns.filter((column): column is Column => column !== undefined))],
    rows: rows.map((row): Candidate => {
      const match = row.reason === null && row.phone ? existing.get(row.phone) : undefined
      return match ? { ...row, reason: 'duplicate_in_base', existing_client: match } : row
    }),
  }
}

const reportRow = ({ birthDate: _birthDate, comment: _comment, ...row }: Candidate): ImportRow => row

/**
 * Imports clients from CSV. A dry run answers what would happen; a real run creates the accepted rows in one
 * transaction. A phone taken by someone else between the check and the insert is not lost or doubled: the
 * unique index skips that row, and the report calls it a duplicate in the base.
 */
export async function importClients(
  db: Database,
  companyId: number,
  body: { csv: string; dry_run: boolean },
  record: RecordChange,
): Promise<ImportReport> {
  const { columns, rows } = await readRows(db, companyId, body.csv)
  if (!body.dry_run) {
    await db.transaction(async (tx) => {
      const accepted = rows.filter((row) => row.reason === null)
      const values = (row: Candidate) => ({
        companyId,
        name: row.name,
        surname: row.surname,
        phone: row.phone,
        email: row.email,
        birthDate: row.birthDate,
        comment: row.comment,
      })
      for (let start = 0; start < accepted.length; start += 500) {
        const chunk = accepted.slice(start, start + 500)
        const withPhone = chunk.filter((row) => row.phone !== null)
        const withoutPhone = chunk.filter((row) => row.phone === null)
        if (withPhone.length) {
          const inserted = await tx
            .insert(clients)
            .values(withPhone.map(values))
            .onConflictDoNothing()
            .returning({ id: clients.id, phone: clients.phone })
          const byPhone = new Map(inserted.map((row) => [row.phone, row.id]))
          for (const row of withPhone) {
            const id = byPhone.get(row.phone)
            if (id === undefined) row.reason = 'duplicate_in_base'
            else row.client_id = id
          }
        }
        if (withoutPhone.length) {
          const inserted = await tx
            .insert(clients)
            .values(withoutPhone.map(values))
            .returning({ id: clients.id })
          withoutPhone.forEach((row, index) => (row.client_id = inserted[index]!.id))
        }
      }
      const created = rows.filter((row) => row.client_id !== undefined)
      await record(tx, {
        entity: 'client_import',
        entityId: created[0]?.client_id ?? 0,
        operation: 'created',
        changes: { created: created.length, rejected: rows.length - created.length },
      })
    })
  }
  const created = rows.filter((row) => row.reason === null).length
  return {
    dry_run: body.dry_run,
    columns,
    created,
    rejected: rows.length - created,
    rows: rows.map(reportRow),
  }
}
