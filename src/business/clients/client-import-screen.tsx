import { msg } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import {
  clientImportLimits,
  type ImportRejection,
  type ImportReport,
  type ImportRow,
} from '../../../contract/clients/schemas'
import type { ApiError } from '../../api/api-error'
import { useImportClients } from '../../api/clients/clients'
import { usePageTitle } from '../../ui/page-title'
import { showRequestFailureToast } from '../../ui/request-failure-toast'
import { useCurrentCompany } from '../shell/company-workspace'

/**
 * Importing clients from a CSV file: pick the file, see which rows would be added and which are rejected and why,
 * then import and read the report. The file's first row names the columns (name, surname, phone, e-mail, birth
 * date, comment, in English or Russian).
 */
export function ClientImportScreen() {
  const { t } = useLingui()
  usePageTitle(msg`Import clients`)
  const company = useCurrentCompany()
  const importing = useImportClients(company.id)
  const [csv, setCsv] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [report, setReport] = useState<ImportReport | null>(null)

  const run = (text: string, dryRun: boolean) =>
    importing.mutate(
      { csv: text, dry_run: dryRun },
      {
        onSuccess: setReport,
        onError: (error) => {
          const failure = error as ApiError
          if (failure.status === 422) {
            setFileError(
              t`The file cannot be read: it needs a header row with a "name" column and at most ${clientImportLimits.rows} rows.`,
            )
          } else showRequestFailureToast(failure)
        },
      },
    )

  const pick = async (file: File | undefined) => {
    setReport(null)
    setFileError(null)
    setCsv(null)
    if (!file) return
    if (file.size > clientImportLimits.chars) {
      setFileError(t`The file is too large: at most 512 KB.`)
      return
    }
    const text = await readText(file)
    setCsv(text)
    run(text, true)
  }

  return (
    <section className="card" aria-labelledby="import-title">
      <p>
        <Link
          to="/{-$lang}/company/$companyId/clients"
          params={(params) => ({ ...params, companyId: String(company.id) })}
        >
          <Trans>All clients</Trans>
        </Link>
      </p>
      <h1 id="import-title">
        <Trans>Import clients</Trans>
      </h1>
      <p className="section-intro">
        <Trans>
          Choose a CSV file whose first row names the columns: name (required), surname, phone, e-mail, birth
          date, comment. Phones without a country code are read in your company's country. You will see a
          preview before anything is added.
        </Trans>
      </p>
      {company.access.clients_import_access ? (
        <div className="field">
          <label className="field__label" htmlFor="import-file">
            <Trans>CSV file</Trans>
          </label>
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void pick(event.target.files?.[0])}
          />
        </div>
      ) : (
        <p className="field__hint">
          <Trans>Your rights in this company do not include importing clients.</Trans>
        </p>
      )}
      {fileError ? (
        <p role="alert" className="field__error">
          {fileError}
        </p>
      ) : null}
      {importing.isPending ? (
        <p role="status">
          <Trans>Reading the file…</Trans>
        </p>
      ) : null}
      {report ? (
        <ImportResult
          report={report}
          onImport={csv && report.dry_run ? () => run(csv, false) : undefined}
          busy={importing.isPending}
        />
      ) : null}
    </section>
  )
}

/** The text of a picked file (FileReader: every browser the app supports has it). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'))
    reader.readAsText(file)
  })
}

function ImportResult(props: { report: ImportReport; onImport?: (() => void) | undefined; busy: boolean }) {
  const { t } = useLingui()
  const { report } = props
  const reasonText = useReasonText()
  return (
    <div className="import-result">
      <h2>{report.dry_run ? <Trans>Preview</Trans> : <Trans>Report</Trans>}</h2>
      <p role="status">
        {report.dry_run ? (
          <Trans>
            To be added: {report.created}. To be skipped: {report.rejected}.
          </Trans>
        ) : (
          <Trans>
            Added: {report.created}. Skipped: {report.rejected}.
          </Trans>
        )}
      </p>
      {props.onImport ? (
        <button
          type="button"
          className="button button--primary button--inline"
          disabled={props.busy || report.created === 0}
          onClick={props.onImport}
        >
          <Trans>Import the clients ({report.created})</Trans>
        </button>
      ) : null}
      <div className="table-scroll">
        <table className="import-table">
          <caption>{report.dry_run ? t`Rows of the file` : t`What happened to each row`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Line</Trans>
              </th>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>Phone</Trans>
              </th>
              <th scope="col">
                <Trans>Result</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.line} className={row.reason ? 'import-table__rejected' : undefined}>
                <td>{row.line}</td>
                <td>{`${row.name} ${row.surname}`.trim() || '—'}</td>
                <td>{row.phone ?? ''}</td>
                <td>{row.reason ? reasonText(row) : report.dry_run ? t`Will be added` : t`Added`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  )
}

function useReasonText() {
  const { t } = useLingui()
  return (row: ImportRow): string => {
    const reason: ImportRejection = row.reason!
    switch (reason) {
      case 'missing_name':
        return t`Skipped: no name`
      case 'bad_phone':
        return t`Skipped: not a valid phone number`
      case 'bad_email':
        return t`Skipped: not a valid e-mail address`
      case 'bad_birth_date':
        return t`Skipped: the birth date is not a date`
      case 'too_long':
        return t`Skipped: a value is too long`
      case 'duplicate_in_file': {
        const line = row.duplicate_of_line ?? 0
        return t`Skipped: the same phone as line ${line}`
      }
      case 'duplicate_in_base': {
        const who = row.existing_client
          ? `${row.existing_client.name} ${row.existing_client.surname}`.trim()
          : ''
        return t`Skipped: ${who} already has this phone`
      }
    }
  }
}
