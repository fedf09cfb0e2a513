/**
 * The words and rules of the certificate pages (docs/requirements.md#req-issue-20-verify,
 * #req-issue-20-admin-certificates) that are not React: the verify form's schema, the 429 text,
 * the admin register's search, CSV, state after a revocation, "expires in" and the issue form's
 * messages.
 */
import {describe, expect, it} from 'vitest'
import {AdminCertificatesListQuerySchema, certificateCsvRow, CERTIFICATES_CSV_HEADER, type Certificate} from '#schemas/contracts/certificates'
import {matchingCertificates} from '#schemas/rules/admin-lists'
import {buildCsv} from '#schemas/rules/csv'
import {DateOfBirthFormSchema, VERIFY_FORM_MESSAGES, VerifyFormSchema} from '#schemas/contracts/forms/verify'
import {certificatesCsvFileName, certificateUrl, expiresInText, revokeReasonProblem, withCertificate, withLabel} from '~/components/admin/certificates'
import {courseDays, expiryText, retryMinutes, tooManyLookupsMessage} from '~/components/verify/verify-text'

const cert = (over: Partial<Certificate> = {}): Certificate => ({
  number: 'MTC-BOSIET-2026-00001',
  orderId: 'order_sandbox_AAAAAAAAAAAAAA',
  courseSlug: 'bosiet',
  courseName: 'BOSIET with CA-EBS',
  courseCode: 'BOSIET',
  holderName: 'Rahul Mehta',
  dateOfBirth: '1990-04-12',
  idNumber: null,
  email: 'rahul@example.com',
  courseStart: '2026-11-02',
  courseEnd: '2026-11-04',
  issuedOn: '2026-11-25',
  expiresOn: '2031-11-25',
  revokedOn: null,
  revocationReason: null,
  status: 'valid',
  ...over,
})

describe('the verify form', () => {
  it('takes a number in any case with spaces around it, and a real day', () => {
    expect(VerifyFormSchema.parse({number: ' mtc-bosiet-2026-00001 ', dateOfBirth: '1990-04-12'})).toEqual({
      number: 'MTC-BOSIET-2026-00001',
      dateOfBirth: '1990-04-12',
    })
  })
  it('says what is wrong in words for visitors', () => {
    const messages = (input: Record<string, string>) => VerifyFormSchema.safeParse(input).error?.issues.map((issue) => issue.message)
    expect(messages({number: '', dateOfBirth: ''})).toEqual([VERIFY_FORM_MESSAGES.numberRequired, VERIFY_FORM_MESSAGES.dateOfBirthRequired])
    expect(messages({number: 'MTC-2026-1', dateOfBirth: '1990-02-30'})).toEqual([VERIFY_FORM_MESSAGES.numberInvalid, VERIFY_FORM_MESSAGES.dateOfBirthInvalid])
    expect(DateOfBirthFormSchema.safeParse({}).error?.issues[0]?.message).toBe(VERIFY_FORM_MESSAGES.dateOfBirthRequired)
  })
})

describe('the verify texts', () => {
  it('rounds the wait up to whole minutes', () => {
    expect(retryMinutes(1)).toBe(1)
    expect(retryMinutes(60)).toBe(1)
    expect(retryMinutes(61)).toBe(2)
    expect(tooManyLookupsMessage(30)).toBe('Too many look-ups from your connection. Please try again in 1 minute.')
    expect(tooManyLookupsMessage(420)).toBe('Too many look-ups from your connection. Please try again in 7 minutes.')
  })
  it('writes the days as the certificate does', () => {
    expect(courseDays('2026-11-02', '2026-11-04')).toBe('2–4 Nov 2026')
    expect(courseDays('2026-11-02', '2026-11-02')).toBe('2 Nov 2026')
    expect(expiryText(null)).toBe('Does not expire')
    expect(expiryText('2031-11-25')).toBe('25 Nov 2031')
  })
})

describe('the admin register', () => {
  it('searches number, name and course, any case (the server rule)', () => {
    const found = (q: string) => matchingCertificates([cert()], AdminCertificatesListQuerySchema.parse({q})).length === 1
    expect(found('bosiet-2026')).toBe(true)
    expect(found('rahul MEHTA')).toBe(true)
    expect(found('ca-ebs')).toBe(true)
    expect(found('priya')).toBe(false)
    expect(found('  ')).toBe(true)
  })
  it('exports CSV with every column, formula-safe, empty for no expiry', () => {
    const csv = buildCsv(
      CERTIFICATES_CSV_HEADER,
      [
        cert(),
        cert({
          number: 'MTC-PSF-2026-00002',
          holderName: '=HYPERLINK("x")',
          expiresOn: null,
          status: 'revoked',
          revokedOn: '2026-11-26',
          revocationReason: 'Wrong name, reissued',
        }),
      ].map(certificateCsvRow),
    )
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe(
      'Certificate number,Holder,Date of birth,INDoS or passport number,Email,Course,Course code,Course start,Course end,Issued,Expires,Status,Revoked,Revocation reason,Order ID',
    )
    expect(lines[1]).toBe(
      'MTC-BOSIET-2026-00001,Rahul Mehta,1990-04-12,,rahul@example.com,BOSIET with CA-EBS,BOSIET,2026-11-02,2026-11-04,2026-11-25,2031-11-25,Valid,,,order_sandbox_AAAAAAAAAAAAAA',
    )
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"")"`)
    expect(lines[2]).toContain(',,Revoked,2026-11-26,"Wrong name, reissued",')
    expect(certificatesCsvFileName(new Date(2026, 10, 25, 12))).toBe('certificates-2026-11-25.csv')
  })
  it('keeps a revoked certificate in the register and takes it out of "Expiring in 90 days"', () => {
    const register = {rows: [cert()], total: 1, page: 1, pageSize: 25, expiringSoon: [cert()]}
    const after = withCertificate(register, cert({status: 'revoked', revokedOn: '2026-11-26'}))
    expect(after.rows).toHaveLength(1)
    expect(after.rows[0]!.status).toBe('revoked')
    expect(after.total).toBe(1)
    expect(after.expiringSoon).toEqual([])
  })
  it('says how far the expiry is', () => {
    expect(expiresInText('2026-11-25', '2026-11-25')).toBe('today')
    expect(expiresInText('2026-11-26', '2026-11-25')).toBe('tomorrow')
    expect(expiresInText('2027-02-23', '2026-11-25')).toBe('in 90 days')
  })
  it('encodes the number in the API paths', () => {
    expect(certificateUrl('MTC-PSF-2026-00001', 'pdf')).toBe('/api/admin/certificates/MTC-PSF-2026-00001/pdf')
    expect(certificateUrl('a/b', 'revoke')).toBe('/api/admin/certificates/a%2Fb/revoke')
  })
  it('requires a revocation reason of at most 500 characters', () => {
    expect(revokeReasonProblem('  ')).toBe('Please give the reason for revoking this certificate.')
    expect(revokeReasonProblem('x'.repeat(501))).toBe('Please keep the reason under 500 characters.')
    expect(revokeReasonProblem('Issued with a misspelt name')).toBeNull()
  })
  it('names the field of an API message by the form label', () => {
    expect(withLabel('dateOfBirth must be in the past')).toBe('Date of birth must be in the past')
    expect(withLabel('courseEnd must be on or after courseStart')).toBe('Course end must be on or after the course start')
    expect(withLabel('This enrolment already has a valid certificate')).toBe('This enrolment already has a valid certificate')
  })
})
