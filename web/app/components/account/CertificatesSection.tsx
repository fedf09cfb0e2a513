/**
 * My training's Certificates section (docs/requirements.md#req-account): each certificate's
 * number, course, issue and expiry dates and status (Valid, Expired, Revoked), its PDF, the public
 * verification page, and from 6 months before expiry "Book your refresher" with the course's next
 * batches (schemas/rules/refresher.ts).
 */
import type {PortalCertificate} from '#schemas/contracts/account'
import {NO_EXPIRY_TEXT} from '#schemas/rules/certificates'
import {formatLongDate} from '#schemas/rules/format'
import {calendarPath} from '#schemas/rules/paths'
import {Panel} from '~/components/ui/Panel'
import {Detail} from './Detail'

const STATUS_TONE: Record<PortalCertificate['status'], string> = {
  Valid: 'bg-emerald-100 text-emerald-900',
  Expired: 'bg-amber-100 text-amber-950',
  Revoked: 'bg-red-100 text-red-900',
}

export function CertificatesSection({certificates}: {certificates: PortalCertificate[]}) {
  if (certificates.length === 0) return null
  return (
    <Panel id="account-certificates" title="Certificates" className="grid gap-4" headingClassName="text-xl font-bold text-navy-900">
      {certificates.map((certificate) => (
        <CertificateCard key={certificate.number} certificate={certificate} />
      ))}
    </Panel>
  )
}

function CertificateCard({certificate}: {certificate: PortalCertificate}) {
  const headingId = `certificate-${certificate.number}`
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" data-testid="portal-certificate">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-lg font-bold text-navy-900">
            {certificate.course}
          </h3>
          <p className="text-sm break-all text-slate-700">{certificate.number}</p>
        </div>
        <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_TONE[certificate.status]}`}>{certificate.status}</span>
      </div>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
        <Detail term="Issued" value={formatLongDate(certificate.issuedOn)} />
        <Detail term="Expires" value={certificate.expiresOn ? formatLongDate(certificate.expiresOn) : NO_EXPIRY_TEXT} />
      </dl>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <a className="inline-flex min-h-11 items-center font-semibold text-ocean-800 underline" href={certificate.pdf} download>
          Download certificate (PDF)<span className="sr-only"> {certificate.number}</span>
        </a>
        <a className="inline-flex min-h-11 items-center font-semibold text-ocean-800 underline" href={certificate.verifyUrl}>
          Public verification page<span className="sr-only"> of {certificate.number}</span>
        </a>
      </div>
      {certificate.refresher ? (
        <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
          <h4 className="font-semibold text-amber-950">Book your refresher</h4>
          {certificate.refresher.length > 0 ? (
            <ul className="mt-2 grid gap-2 text-sm">
              {certificate.refresher.map((batch) => (
                <li key={batch.href} className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-slate-900">{batch.text}</span>
                  <a className="btn-primary min-h-11" href={batch.href}>
                    Enroll
                    <span className="sr-only">
                      : {certificate.course}, {batch.text}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-800">
              No dates are open for this course yet.{' '}
              <a className="font-semibold text-ocean-800 underline" href={calendarPath()}>
                See the course calendar
              </a>
            </p>
          )}
        </div>
      ) : null}
    </article>
  )
}
