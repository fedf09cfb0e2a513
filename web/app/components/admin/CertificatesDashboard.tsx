/**
 * /admin/certificates (docs/requirements.md#req-issue-20-admin-certificates): the
 * register of course certificates. "Expiring in 90 days" (valid certificates whose expiry day is
 * within 90 days, soonest first, with how many days are left); a search by number or holder's
 * name (@tanstack/react-table's global filter over the loaded register); the table (number,
 * holder, course, issued, expires, status) with, per row, "Download PDF" (fetched with the bearer
 * token) and "Revoke" (a dialog asking for the reason; a 409 is shown as the server says it);
 * "Download CSV" of the rows shown. Loaded once (Refresh reads again); a 401 signs out. The
 * table scrolls sideways in its own focusable region on a narrow screen.
 */
import {functionalUpdate, useReactTable} from '@tanstack/react-table'
import {useId, useState} from 'react'
import type {Certificate} from '#schemas/contracts/certificates'
import {providerToday} from '#schemas/rules/batches'
import {CertificateStatusBadge} from '~/components/verify/CertificateStatusBadge'
import {certificateDay, expiryText} from '~/components/verify/verify-text'
import {AdminDialog, DetailFields} from './AdminDialog'
import {AdminPageHeader} from './AdminPageHeader'
import {recordExport, saveBlob} from './api'
import {CertificateRevokeForm} from './CertificateRevokeForm'
import {
  CERTIFICATE_MESSAGES,
  certificatesCsv,
  certificatesCsvFileName,
  expiresInText,
  fetchCertificates,
  registerTableOptions,
  withCertificate,
} from './certificates'
import {ErrorPanel} from './ErrorPanel'
import {Spinner} from './parts'
import {useAdminLoad} from './useAdminLoad'
import {AdminTable, columnsOf} from './AdminTable'
import {EmptyState} from '~/components/ui/EmptyState'
import {CertificatePdfButton, useCertificatePdf} from './CertificatePdfButton'
import {useCan} from './AdminArea'

const CELL = 'px-3 py-2.5 align-top whitespace-nowrap'
const HEADERS = ['Number', 'Holder', 'Course', 'Issued', 'Expires', 'Status', 'Actions'] as const

/** The certificates page of a signed-in administrator. */
export function CertificatesDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const ids = useId()
  const {load, setLoad, refreshing, reload} = useAdminLoad(fetchCertificates, {token, onUnauthorized, failMessage: CERTIFICATE_MESSAGES.loadFailed})
  const [search, setSearch] = useState('')
  const [revoking, setRevoking] = useState<Certificate | null>(null)
  const can = useCan()
  const [notice, setNotice] = useState<{kind: 'error' | 'done'; text: string} | null>(null)
  const register = load.state === 'loaded' ? load.data : {certificates: [], expiringSoon: []}
  const table = useReactTable(
    registerTableOptions(register.certificates, search, (updater) => setSearch((previous) => String(functionalUpdate(updater, previous) ?? ''))),
  )
  const rows = table.getRowModel().rows
  const today = providerToday(new Date())

  const pdf = useCertificatePdf({token, onUnauthorized, onError: (text) => setNotice(text === null ? null : {kind: 'error', text})})

  function revoked(certificate: Certificate) {
    setLoad((previous) => (previous.state === 'loaded' ? {state: 'loaded', data: withCertificate(previous.data, certificate)} : previous))
    setRevoking(null)
    setNotice({kind: 'done', text: `Certificate ${certificate.number} was revoked.`})
  }

  function downloadCsv() {
    recordExport(token, {list: 'certificates', rows: rows.length})
    const csv = certificatesCsv(rows.map((row) => row.original))
    saveBlob(new Blob(['\uFEFF', csv], {type: 'text/csv;charset=utf-8'}), certificatesCsvFileName(new Date()))
  }

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Certificates" refreshing={refreshing} onRefresh={reload} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Course certificates issued from completed enrolments (issue one from the enrolment’s details). Anyone can check a certificate at /verify with its number
        and the holder’s date of birth; a revoked certificate stays in the register.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-700">
        {refreshing && load.state !== 'loading' ? 'Updating certificates...' : notice?.kind === 'done' ? notice.text : ''}
      </div>
      {notice?.kind === 'error' ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {notice.text}
        </p>
      ) : null}
      {load.state === 'loading' ? (
        <Spinner label="Loading certificates..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading certificates" message={load.message} />
        </div>
      ) : (
        <>
          <section
            aria-labelledby={`${ids}-expiring`}
            className="mt-4 rounded-xl border border-amber-200 bg-amber-50/60 p-4 sm:p-5"
            data-testid="expiring-soon"
          >
            <h2 id={`${ids}-expiring`} className="text-lg font-bold text-navy-900">
              Expiring in 90 days
            </h2>
            {register.expiringSoon.length === 0 ? (
              <p className="mt-1 text-sm text-slate-700">{CERTIFICATE_MESSAGES.noneExpiring}</p>
            ) : (
              <ul className="mt-2 divide-y divide-amber-200">
                {register.expiringSoon.map((certificate) => (
                  <li key={certificate.number} className="flex flex-wrap gap-x-3 gap-y-1 py-2 text-sm">
                    <span className="font-semibold break-all text-navy-900">{certificate.number}</span>
                    <span className="break-words">{certificate.holderName}</span>
                    <span className="text-slate-700">{certificate.courseName}</span>
                    <span className="font-medium text-amber-900">
                      expires {certificateDay(certificate.expiresOn ?? '')} ({expiresInText(certificate.expiresOn ?? today, today)})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="w-full sm:max-w-md">
              <label htmlFor={`${ids}-search`} className="block text-sm font-semibold text-navy-900">
                Search certificates
              </label>
              <input
                id={`${ids}-search`}
                type="search"
                value={search}
                onChange={(event) => table.setGlobalFilter(event.target.value)}
                placeholder="Certificate number or holder’s name"
                aria-describedby={`${ids}-count`}
                className="mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none"
              />
            </div>
            <button type="button" onClick={downloadCsv} disabled={rows.length === 0} className="btn-secondary disabled:cursor-not-allowed disabled:opacity-60">
              Download CSV
            </button>
          </div>
          <p id={`${ids}-count`} aria-live="polite" className="mt-4 text-sm text-slate-700">
            {rows.length} of {register.certificates.length} {register.certificates.length === 1 ? 'certificate' : 'certificates'}
          </p>

          {rows.length === 0 ? (
            <EmptyState title={register.certificates.length === 0 ? CERTIFICATE_MESSAGES.empty : CERTIFICATE_MESSAGES.noMatches} className="mt-4 py-10" />
          ) : (
            <AdminTable caption="Certificate register, newest first" columns={columnsOf(HEADERS)}>
              {rows.map(({original: certificate}) => (
                <tr key={certificate.number} data-certificate-number={certificate.number}>
                  <th scope="row" className={`${CELL} font-medium text-navy-900`}>
                    {certificate.number}
                  </th>
                  <td className={`${CELL} whitespace-normal`}>{certificate.holderName}</td>
                  <td className={`${CELL} whitespace-normal`}>{certificate.courseName}</td>
                  <td className={CELL}>{certificateDay(certificate.issuedOn)}</td>
                  <td className={CELL}>{expiryText(certificate.expiresOn)}</td>
                  <td className={CELL}>
                    <CertificateStatusBadge status={certificate.status} />
                    {certificate.revokedOn ? <span className="mt-1 block text-xs text-slate-600">on {certificateDay(certificate.revokedOn)}</span> : null}
                  </td>
                  <td className={CELL}>
                    <div className="flex gap-2">
                      <CertificatePdfButton number={certificate.number} pdf={pdf} />
                      {certificate.status !== 'revoked' && can('certificates:revoke') ? (
                        <button type="button" className="btn-outline min-h-10 px-3 py-1.5" onClick={() => setRevoking(certificate)}>
                          Revoke<span className="sr-only"> {certificate.number}</span>
                        </button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </>
      )}
      {revoking ? (
        <AdminDialog
          title={`Revoke ${revoking.number}`}
          subtitle={<CertificateStatusBadge status={revoking.status} />}
          closeLabel="Close"
          onClose={() => setRevoking(null)}
        >
          <DetailFields
            fields={[
              ['Holder', revoking.holderName],
              ['Course', revoking.courseName],
              ['Issued', certificateDay(revoking.issuedOn)],
              ['Expires', expiryText(revoking.expiresOn)],
            ]}
          />
          <div className="mt-5">
            <CertificateRevokeForm
              certificate={revoking}
              token={token}
              onRevoked={revoked}
              onCancel={() => setRevoking(null)}
              onUnauthorized={onUnauthorized}
            />
          </div>
        </AdminDialog>
      ) : null}
    </div>
  )
}
