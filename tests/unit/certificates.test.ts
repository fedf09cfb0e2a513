/**
 * docs/requirements.md#req-issue-20-certificates: the certificate rule of
 * schemas/rules/certificates.ts — number format and sequence, expiry arithmetic (leap days),
 * status, name masking, the 90-day window — and the request contracts of schemas/contracts/certificates.ts.
 */
import {describe, expect, it} from 'vitest'
import {
  AdminCertificatesResponseSchema,
  IssueCertificateRequestSchema,
  MaskedCertificateSchema,
  RevokeCertificateRequestSchema,
  VerifyQuerySchema,
  VerifyResponseSchema,
} from '#schemas/contracts/certificates'
import {
  CERTIFICATE_NUMBER_PATTERN,
  certificateExpiry,
  certificateFileName,
  certificateStatus,
  COURSE_CODE_PATTERN,
  defaultCourseDates,
  DEFAULT_RECEIPT_PREFIX,
  EXPIRY_REMINDER_DAYS,
  formatCertificateNumber,
  isCertificateNumber,
  isExpiringWithin,
  maskName,
  NO_MATCH_MESSAGE,
  parseCertificateNumber,
  STATUS_LABELS,
  verifyPath,
} from '#schemas/rules/certificates'

describe('certificate numbers', () => {
  it('are {prefix}-{CODE}-{YYYY}-{NNNNN} with the receipt prefix', () => {
    expect(DEFAULT_RECEIPT_PREFIX).toBe('MTC')
    expect(formatCertificateNumber('MTC', 'BOSIET', 2026, 1)).toBe('MTC-BOSIET-2026-00001')
    expect(formatCertificateNumber('MTC', 'H2S', 2027, 42)).toBe('MTC-H2S-2027-00042')
    expect(formatCertificateNumber('MTC', 'BST', 2026, 100_000)).toBe('MTC-BST-2026-100000')
  })

  it('count 1, 2, 3 … in order and parse back', () => {
    const numbers = [1, 2, 3, 9, 10, 99999].map((seq) => formatCertificateNumber('MTC', 'HUET', 2026, seq))
    expect(numbers).toEqual([
      'MTC-HUET-2026-00001',
      'MTC-HUET-2026-00002',
      'MTC-HUET-2026-00003',
      'MTC-HUET-2026-00009',
      'MTC-HUET-2026-00010',
      'MTC-HUET-2026-99999',
    ])
    expect(numbers.map((n) => parseCertificateNumber(n)?.seq)).toEqual([1, 2, 3, 9, 10, 99999])
    expect(parseCertificateNumber('MTC-HUET-2026-00042')).toEqual({prefix: 'MTC', courseCode: 'HUET', year: 2026, seq: 42})
  })

  it('refuse a bad prefix, code, year or sequence', () => {
    expect(() => formatCertificateNumber('mtc', 'BOSIET', 2026, 1)).toThrow(RangeError)
    expect(() => formatCertificateNumber('MTC', 'bosiet', 2026, 1)).toThrow(/course code/)
    expect(() => formatCertificateNumber('MTC', 'B', 2026, 1)).toThrow(RangeError)
    expect(() => formatCertificateNumber('MTC', 'ABCDEFGHIJK', 2026, 1)).toThrow(RangeError)
    expect(() => formatCertificateNumber('MTC', 'BOSIET', 26, 1)).toThrow(RangeError)
    expect(() => formatCertificateNumber('MTC', 'BOSIET', 2026, 0)).toThrow(RangeError)
    expect(() => formatCertificateNumber('MTC', 'BOSIET', 2026, 1.5)).toThrow(RangeError)
  })

  it('are recognised by the pattern (and course codes by theirs)', () => {
    for (const ok of ['MTC-BOSIET-2026-00001', 'A-B2-2026-123456', 'MTC-COC23O-2030-00010']) expect(isCertificateNumber(ok), ok).toBe(true)
    for (const bad of [
      '',
      'MTC-2026-00001',
      'mtc-BOSIET-2026-00001',
      'MTC-BOSIET-26-00001',
      'MTC-BOSIET-2026-0001',
      'MTC-BOSIET-2026-00001 ',
      'MTC-BOSIET-2026-00001/x',
      'MTC-BOSIET-2026-' + '1'.repeat(40),
    ])
      expect(isCertificateNumber(bad), bad).toBe(false)
    expect(CERTIFICATE_NUMBER_PATTERN.test('MTC-BOSIET-2026-00001')).toBe(true)
    expect(['BOSIET', 'H2S', 'BST', 'COC34E'].every((c) => COURSE_CODE_PATTERN.test(c))).toBe(true)
    expect(['2BST', 'B', 'bst', 'BST-1', 'ABCDEFGHIJK'].some((c) => COURSE_CODE_PATTERN.test(c))).toBe(false)
  })

  it('name the PDF and the verify path', () => {
    expect(certificateFileName('MTC-BOSIET-2026-00001')).toBe('certificate-MTC-BOSIET-2026-00001.pdf')
    expect(verifyPath('MTC-BOSIET-2026-00001')).toBe('/verify/MTC-BOSIET-2026-00001')
  })
})

describe('expiry', () => {
  it('is the issue day plus the validity in whole years; none means it does not expire', () => {
    expect(certificateExpiry('2026-11-25', 5)).toBe('2031-11-25')
    expect(certificateExpiry('2026-12-31', 1)).toBe('2027-12-31')
    expect(certificateExpiry('2026-11-25', null)).toBeNull()
    expect(certificateExpiry('2026-11-25', undefined)).toBeNull()
    expect(certificateExpiry('2026-11-25', 0)).toBeNull()
  })

  it('moves 29 February to 28 February in a year without one, and keeps it in a leap year', () => {
    expect(certificateExpiry('2028-02-29', 5)).toBe('2033-02-28')
    expect(certificateExpiry('2028-02-29', 1)).toBe('2029-02-28')
    expect(certificateExpiry('2028-02-29', 4)).toBe('2032-02-29')
    expect(certificateExpiry('2096-02-29', 4)).toBe('2100-02-28') // 2100 is not a leap year
    expect(certificateExpiry('2027-02-28', 1)).toBe('2028-02-28')
    expect(certificateExpiry('2027-03-01', 1)).toBe('2028-03-01')
  })

  it('refuses an unreal day or a negative or fractional validity', () => {
    expect(() => certificateExpiry('2027-02-29', 5)).toThrow(RangeError)
    expect(() => certificateExpiry('25/11/2026', 5)).toThrow(RangeError)
    expect(() => certificateExpiry('2026-11-25', -1)).toThrow(RangeError)
    expect(() => certificateExpiry('2026-11-25', 1.5)).toThrow(RangeError)
  })
})

describe('status', () => {
  const cert = {expiresOn: '2031-11-25', revokedOn: null}
  it('is valid through the expiry day, expired after it, revoked whatever the dates', () => {
    expect(certificateStatus(cert, '2026-11-25')).toBe('valid')
    expect(certificateStatus(cert, '2031-11-25')).toBe('valid')
    expect(certificateStatus(cert, '2031-11-26')).toBe('expired')
    expect(certificateStatus({expiresOn: null, revokedOn: null}, '2099-01-01')).toBe('valid')
    expect(certificateStatus({...cert, revokedOn: '2027-01-01'}, '2026-12-01')).toBe('revoked')
    expect(certificateStatus({...cert, revokedOn: '2027-01-01'}, '2040-01-01')).toBe('revoked')
    expect(STATUS_LABELS).toEqual({valid: 'Valid', expired: 'Expired', revoked: 'Revoked'})
  })

  it('counts as expiring within 90 days from 90 days before the expiry day through the day itself', () => {
    expect(EXPIRY_REMINDER_DAYS).toBe(90)
    expect(isExpiringWithin(cert, '2031-08-27', 90)).toBe(true) // 90 days before
    expect(isExpiringWithin(cert, '2031-08-26', 90)).toBe(false) // 91 days before
    expect(isExpiringWithin(cert, '2031-11-25', 90)).toBe(true)
    expect(isExpiringWithin(cert, '2031-11-26', 90)).toBe(false) // expired
    expect(isExpiringWithin({expiresOn: null, revokedOn: null}, '2031-11-25', 90)).toBe(false)
    expect(isExpiringWithin({...cert, revokedOn: '2031-09-01'}, '2031-10-01', 90)).toBe(false)
  })
})

describe('name masking', () => {
  it('keeps the first letter of each word and stars every other letter, one star each', () => {
    expect(maskName('Rahul Mehta')).toBe('R**** M****')
    expect(maskName('  Ana   de la Cruz ')).toBe('A** d* l* C***')
    expect(maskName('X')).toBe('X')
    expect(maskName("Anne-Marie O'Neil")).toBe("A***-M**** O'N***")
    expect(maskName('Nguyễn Văn An')).toBe('N***** V** A*')
  })
  it('has one answer for an unknown number and a wrong date of birth', () => {
    expect(NO_MATCH_MESSAGE).toBe('No certificate matches these details')
  })
})

describe('the issue form', () => {
  it('starts with the batch days when the enrolment has a batch, else empty', () => {
    expect(defaultCourseDates({startDate: '2027-01-11', endDate: '2027-01-15'})).toEqual({courseStart: '2027-01-11', courseEnd: '2027-01-15'})
    expect(defaultCourseDates({startDate: '2027-01-11', endDate: '2027-01-10'})).toEqual({courseStart: '2027-01-11', courseEnd: '2027-01-11'})
    expect(defaultCourseDates({startDate: '2027-02-30', endDate: '2027-03-01'})).toEqual({courseStart: '', courseEnd: ''})
    expect(defaultCourseDates(null)).toEqual({courseStart: '', courseEnd: ''})
  })
})

describe('contracts', () => {
  const issue = {orderId: 'order_Abc123456789', holderName: 'Rahul Mehta', dateOfBirth: '1990-03-12', courseStart: '2026-11-16', courseEnd: '2026-11-18'}
  const firstError = (result: {success: boolean; error?: {issues: Array<{message: string}>}}) => result.error?.issues[0]?.message

  it('an issue request: a real past date of birth, real course dates with the end on or after the start', () => {
    expect(IssueCertificateRequestSchema.safeParse(issue).success).toBe(true)
    expect(IssueCertificateRequestSchema.safeParse({...issue, idNumber: '12AB3456'}).success).toBe(true)
    expect(firstError(IssueCertificateRequestSchema.safeParse({...issue, dateOfBirth: '2999-01-01'}))).toBe('dateOfBirth must be in the past')
    expect(firstError(IssueCertificateRequestSchema.safeParse({...issue, dateOfBirth: '1990-02-30'}))).toBe(
      'dateOfBirth must be a real date written YYYY-MM-DD',
    )
    expect(firstError(IssueCertificateRequestSchema.safeParse({...issue, dateOfBirth: '1850-01-01'}))).toBe('dateOfBirth must be on or after 1900-01-01')
    expect(firstError(IssueCertificateRequestSchema.safeParse({...issue, courseEnd: '2026-11-15'}))).toBe('courseEnd must be on or after courseStart')
    expect(firstError(IssueCertificateRequestSchema.safeParse({...issue, holderName: ' '}))).toBe('holderName must be at least 2 characters')
    expect(firstError(IssueCertificateRequestSchema.safeParse({...issue, orderId: 'nope'}))).toBe('Unknown order')
    expect(firstError(IssueCertificateRequestSchema.safeParse({...issue, idNumber: '<script>'}))).toMatch(/^idNumber must be/)
    expect(IssueCertificateRequestSchema.safeParse({...issue, extra: 1}).success).toBe(false)
  })

  it('revocation, verification query and answers', () => {
    expect(RevokeCertificateRequestSchema.safeParse({reason: 'Issued in error'}).success).toBe(true)
    expect(firstError(RevokeCertificateRequestSchema.safeParse({reason: '  '}))).toBe('reason is required')
    expect(firstError(RevokeCertificateRequestSchema.safeParse({reason: 'x'.repeat(501)}))).toBe('reason must be at most 500 characters')
    expect(VerifyQuerySchema.parse({number: ' mtc-bosiet-2026-00001 ', dateOfBirth: '1990-03-12'})).toEqual({
      number: 'MTC-BOSIET-2026-00001',
      dateOfBirth: '1990-03-12',
    })
    expect(firstError(VerifyQuerySchema.safeParse({number: 'MTC-2026-00001', dateOfBirth: '1990-03-12'}))).toMatch(/^number must be a certificate number/)
    const answer = {
      status: 'valid',
      number: 'MTC-BOSIET-2026-00001',
      holderName: 'Rahul Mehta',
      courseName: 'Basic Offshore Safety Induction and Emergency Training',
      courseStart: '2026-11-16',
      courseEnd: '2026-11-18',
      issuedOn: '2026-11-25',
      expiresOn: '2031-11-25',
      revokedOn: null,
    }
    expect(VerifyResponseSchema.parse(answer)).toEqual(answer)
    const {holderName: _, ...rest} = answer
    expect(MaskedCertificateSchema.parse({...rest, maskedName: 'R**** M****'})).toEqual({...rest, maskedName: 'R**** M****'})
    expect(AdminCertificatesResponseSchema.safeParse({certificates: [], expiringSoon: []}).success).toBe(true)
  })
})
