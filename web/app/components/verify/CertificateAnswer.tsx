/**
 * The answer of the public certificate pages (docs/requirements.md#req-issue-20-verify):
 * the status (Valid, Expired, Revoked with the day it was revoked), the holder's name (full after
 * a matching date of birth, masked "R**** M****" on the QR page before it), the course, its days,
 * the certificate number and the issue and expiry days ("Does not expire" when none). A heading
 * names the answer, so it can take the focus after a look-up.
 */
import type {Ref} from 'react'
import type {CertificateStatus} from '#schemas/rules/certificates'
import {CertificateStatusBadge} from './CertificateStatusBadge'
import {certificateDay, courseDays, expiryText} from './verify-text'

/** What the answer shows: the fields common to VerifyResponse and MaskedCertificate, and the name as it may be shown. */
export type CertificateView = {
  status: CertificateStatus
  number: string
  name: string
  /** True while the name is masked (the QR page before the date of birth). */
  masked: boolean
  courseName: string
  courseStart: string
  courseEnd: string
  issuedOn: string
  expiresOn: string | null
  revokedOn: string | null
}

const STATUS_LEAD: Record<CertificateStatus, string> = {
  valid: 'This certificate is genuine and valid.',
  expired: 'This certificate is genuine but has expired.',
  revoked: 'This certificate has been revoked and is no longer valid.',
}

export function CertificateAnswer({certificate, headingRef}: {certificate: CertificateView; headingRef?: Ref<HTMLHeadingElement>}) {
  const rows: Array<[key: string, label: string, value: string]> = [
    ['holder', certificate.masked ? 'Holder (name hidden)' : 'Holder', certificate.name],
    ['course', 'Course', certificate.courseName],
    ['course-dates', 'Course dates', courseDays(certificate.courseStart, certificate.courseEnd)],
    ['number', 'Certificate number', certificate.number],
    ['issued', 'Issued', certificateDay(certificate.issuedOn)],
    ['expires', 'Expires', expiryText(certificate.expiresOn)],
  ]
  if (certificate.revokedOn) rows.push(['revoked', 'Revoked', certificateDay(certificate.revokedOn)])
  return (
    <section
      aria-labelledby="certificate-answer-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      data-testid="certificate-answer"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="certificate-answer-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-navy-900 focus:outline-none">
          Certificate found
        </h2>
        <CertificateStatusBadge status={certificate.status} size="large" />
      </div>
      <p className="mt-2 text-slate-700">
        {STATUS_LEAD[certificate.status]}
        {certificate.status === 'revoked' && certificate.revokedOn ? ` Revoked on ${certificateDay(certificate.revokedOn)}.` : ''}
      </p>
      <dl className="mt-6 grid grid-cols-1 gap-x-8 gap-y-4 sm:grid-cols-2">
        {rows.map(([key, label, value]) => (
          <div key={key} className="min-w-0">
            <dt className="text-sm font-semibold text-slate-600">{label}</dt>
            <dd className="mt-0.5 text-base font-medium break-words text-navy-900" data-testid={`certificate-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
