/**
 * /admin/certificates (docs/requirements.md#req-issue-20-admin-certificates): the
 * register of course certificates. "Expiring in 90 days" (valid certificates whose expiry day is
 * within 90 days, soonest first, with how many days are left); a search by number, holder's name
 * or course and a "Status" filter; the table (number, holder, course, issued, expires, status;
 * the headings sort, a second click turns the order round) with, per row, "Download PDF" (fetched
 * with the bearer token) and "Revoke" (a dialog asking for the reason; a 409 is shown as the
 * server says it); "Download CSV" of every certificate matching the search, filter and order (made
 * and streamed by the server). The table scrolls sideways in its own focusable region on a
 * narrow screen.
 *
 * The server pages, searches, sorts and filters (docs/requirements.md#req-admin-list-queries):
 * one page of 25 at a time ('Showing X to Y of N results', pages below), the search sent 250 ms
 * after typing pauses; a search, filter or sort change goes back to page 1; the page shown stays
 * while the next loads ("Updating certificates...", politely). Refresh reads the page again; a 401
 * signs out.
 */
import {useId, useState} from 'react'
import {CERTIFICATE_PAGE_SIZE, type Certificate, type CertificateSort} from '#schemas/contracts/certificates'
import {providerToday} from '#schemas/rules/batches'
import {CERTIFICATE_STATUSES, STATUS_LABELS} from '#schemas/rules/certificates'
import {CertificateStatusBadge} from '~/components/verify/CertificateStatusBadge'
import {certificateDay, expiryText} from '~/components/verify/verify-text'
import {AdminDialog, DetailFields} from './AdminDialog'
import {AdminPageHeader} from './AdminPageHeader'
import {UnauthorizedError} from './admin-fetch'
import {CertificateRevokeForm} from './CertificateRevokeForm'
import {CERTIFICATE_MESSAGES, downloadCertificatesCsv, expiresInText, fetchCertificatesPage, withCertificate} from './certificates'
import {ErrorPanel} from './ErrorPanel'
import {Spinner} from './parts'
import {usePagedList} from './usePagedList'
import {AdminTable} from './AdminTable'
import {Pagination, showingText, sortColumns} from './Pagination'
import {EmptyState} from '~/components/ui/EmptyState'
import {CertificatePdfButton, useCertificatePdf} from './CertificatePdfButton'
import {useCan} from './AdminArea'
import {FilterSelect, SearchField} from './ListControls'

const CELL = 'px-3 py-2.5 align-top whitespace-nowrap'
const COLUMNS = [
  {key: 'Number', label: 'Number', sortBy: 'number' as const},
  {key: 'Holder', label: 'Holder', sortBy: 'holderName' as const},
  {key: 'Course', label: 'Course', sortBy: 'courseName' as const},
  {key: 'Issued', label: 'Issued', sortBy: 'issuedOn' as const},
  {key: 'Expires', label: 'Expires', sortBy: 'expiresOn' as const},
  {key: 'Status', label: 'Status', sortBy: 'status' as const},
  {key: 'Actions', label: 'Actions'},
]
const SORT_LABELS: Record<CertificateSort, string> = {
  number: 'number',
  holderName: 'holder',
  courseName: 'course',
  issuedOn: 'issue day',
  expiresOn: 'expiry day',
  status: 'status',
}

/** The certificates page of a signed-in administrator. */
export function CertificatesDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const ids = useId()
  const list = usePagedList(fetchCertificatesPage, {
    token,
    onUnauthorized,
    failMessage: CERTIFICATE_MESSAGES.loadFailed,
    defaultSort: 'issuedOn' as CertificateSort,
    defaultDir: 'desc',
    firstDir: (column) => (column === 'issuedOn' || column === 'expiresOn' ? 'desc' : 'asc'),
    filters: {status: ''},
    pageSize: CERTIFICATE_PAGE_SIZE,
  })
  const {load, setLoad, refreshing, reload, query} = list
  const [revoking, setRevoking] = useState<Certificate | null>(null)
  const [exporting, setExporting] = useState(false)
  const can = useCan()
  const [notice, setNotice] = useState<{kind: 'error' | 'done'; text: string} | null>(null)
  const register = load.state === 'loaded' ? load.data : null
  const rows = register?.rows ?? []
  const today = providerToday(new Date())
  const filtered = query.q !== '' || query.filters.status !== ''

  const pdf = useCertificatePdf({token, onUnauthorized, onError: (text) => setNotice(text === null ? null : {kind: 'error', text})})

  function revoked(certificate: Certificate) {
    setLoad((previous) => (previous.state === 'loaded' ? {state: 'loaded', data: withCertificate(previous.data, certificate)} : previous))
    setRevoking(null)
    setNotice({kind: 'done', text: `Certificate ${certificate.number} was revoked.`})
  }

  async function downloadCsv() {
    setExporting(true)
    setNotice(null)
    try {
      await downloadCertificatesCsv(token, list.filterParams())
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setNotice({kind: 'error', text: failure instanceof Error && failure.message ? failure.message : CERTIFICATE_MESSAGES.csvFailed})
    } finally {
      setExporting(false)
    }
  }

  const caption =
    query.sort === 'issuedOn' && query.dir === 'desc'
      ? 'Certificate register, newest first'
      : `Certificate register, by ${SORT_LABELS[query.sort]} ${query.dir === 'asc' ? 'ascending' : 'descending'}`

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
      ) : register ? (
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

          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
            <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-end lg:max-w-2xl">
              <SearchField
                id={`${ids}-search`}
                label="Search certificates"
                value={list.search}
                onChange={(event) => list.setSearch(event.target.value)}
                placeholder="Certificate number, holder’s name or course"
                describedBy={`${ids}-count`}
                className="w-full sm:max-w-md"
              />
              <FilterSelect
                id={`${ids}-status`}
                label="Status"
                value={query.filters.status}
                onChange={(event) => list.setFilter('status', event.target.value)}
                describedBy={`${ids}-count`}
                className="w-full sm:w-44"
              >
                <option value="">All statuses</option>
                {CERTIFICATE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {STATUS_LABELS[status]}
                  </option>
                ))}
              </FilterSelect>
            </div>
            {can('enrolments:export') ? (
              <button
                type="button"
                onClick={exporting ? undefined : () => void downloadCsv()}
                disabled={register.total === 0}
                aria-disabled={exporting || undefined}
                className="btn-secondary disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-wait aria-disabled:opacity-70"
              >
                {exporting ? 'Downloading…' : 'Download CSV'}
              </button>
            ) : null}
          </div>
          <p id={`${ids}-count`} aria-live="polite" className="mt-4 text-sm text-slate-700">
            {showingText(register.page - 1, register.pageSize, register.total)}
          </p>

          {rows.length === 0 ? (
            <EmptyState title={filtered ? CERTIFICATE_MESSAGES.noMatches : CERTIFICATE_MESSAGES.empty} className="mt-4 py-10" />
          ) : (
            <>
              <AdminTable caption={caption} columns={sortColumns(COLUMNS, query, list.toggleSort)} headPadding="py-1">
                {rows.map((certificate) => (
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
              <Pagination page={register.page} pageSize={register.pageSize} total={register.total} onPage={list.setPage} label="Certificate pages" />
            </>
          )}
        </>
      ) : null}
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
