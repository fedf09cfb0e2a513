import {afterEach, describe, expect, it, vi} from 'vitest'
import {parseAdminConfig, parseSessionSecret} from '#netlify/services/admin/config'
import {contentDisposition, downloadFileName} from '#netlify/platform/http'
import {mergeSummary, partitionOf, type EnrolmentSummary} from '#netlify/services/enrolments/index-store'

const HASH = 'scrypt$1024$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA=='
const SECRET = 's'.repeat(32)

afterEach(() => vi.restoreAllMocks())

describe('admin configuration', () => {
  it('locally: plain password and a random per-process secret', () => {
    const config = parseAdminConfig({ADMIN_EMAIL: ' Admin@Example.com ', ADMIN_PASSWORD: 'pw'})
    expect(config).toMatchObject({email: 'admin@example.com', password: {kind: 'plain', password: 'pw'}, production: false})
    expect(config.secret).toHaveLength(32)
    expect(parseSessionSecret({})).toBe(config.secret)
  })

  it('prefers the hash when both are set', () => {
    expect(parseAdminConfig({ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'pw', ADMIN_PASSWORD_HASH: HASH}).password.kind).toBe('hash')
  })

  it('fails closed in production: SESSION_SECRET and a hash required, plain password refused', () => {
    const prod = {APP_ENV: 'production', ADMIN_EMAIL: 'a@b.c'}
    expect(() => parseAdminConfig({...prod, ADMIN_PASSWORD_HASH: HASH})).toThrow(/SESSION_SECRET/)
    expect(() => parseAdminConfig({...prod, ADMIN_PASSWORD: 'pw', SESSION_SECRET: SECRET})).toThrow(/plain ADMIN_PASSWORD is refused/)
    expect(() => parseAdminConfig({CONTEXT: 'production', ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD_HASH: HASH, SESSION_SECRET: SECRET})).not.toThrow()
    expect(() => parseAdminConfig({AWS_LAMBDA_FUNCTION_NAME: 'fn', ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'pw', SESSION_SECRET: SECRET})).toThrow(/refused/)
  })

  it('refuses a short secret, a bad hash and a missing account', () => {
    expect(() => parseAdminConfig({ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD: 'pw', SESSION_SECRET: 'short'})).toThrow(/32/)
    expect(() => parseAdminConfig({ADMIN_EMAIL: 'a@b.c', ADMIN_PASSWORD_HASH: 'nope'})).toThrow(/ADMIN_PASSWORD_HASH/)
    expect(() => parseAdminConfig({ADMIN_PASSWORD: 'pw'})).toThrow(/ADMIN_EMAIL/)
    expect(() => parseAdminConfig({ADMIN_EMAIL: 'a@b.c'})).toThrow(/neither/)
  })
})

describe('document Content-Disposition', () => {
  it('quotes safely with an RFC 5987 UTF-8 name', () => {
    expect(contentDisposition('cv.pdf')).toBe(`attachment; filename="cv.pdf"; filename*=UTF-8''cv.pdf`)
    const tricky = contentDisposition('a"b\r\nSet-Cookie: x;é%.pdf')
    expect(tricky).not.toMatch(/[\r\n]/)
    expect(tricky).toBe(`attachment; filename="abSet-Cookie: x;__.pdf"; filename*=UTF-8''abSet-Cookie%3A%20x%3B%C3%A9%25.pdf`)
  })

  it('keeps no folder, no leading dots and no empty name', () => {
    expect(contentDisposition('C:\\Users\\me\\passport.pdf')).toBe(`attachment; filename="passport.pdf"; filename*=UTF-8''passport.pdf`)
    expect(contentDisposition('../../etc/..passwd')).toBe(`attachment; filename="passwd"; filename*=UTF-8''passwd`)
    expect(contentDisposition('"\u0000"')).toBe(`attachment; filename="document"; filename*=UTF-8''document`)
    expect(downloadFileName('Паспорт Иванова.pdf')).toBe('Паспорт Иванова.pdf')
    expect(contentDisposition('Паспорт.pdf')).toBe(`attachment; filename="_______.pdf"; filename*=UTF-8''%D0%9F%D0%B0%D1%81%D0%BF%D0%BE%D1%80%D1%82.pdf`)
  })
})

describe('enrolment index helpers', () => {
  const base: EnrolmentSummary = {
    _id: 'o',
    orderId: 'o',
    name: '',
    email: '',
    mobile: '',
    amount: 1,
    currency: 'USD',
    trainingProgramName: '',
    courseName: '',
    country: '',
    status: 'pending',
    createdAt: '',
    paidAt: null,
    paymentId: null,
    attachmentCount: 0,
    receiptNumber: null,
    updatedAt: '',
  }
  it('keeps the most advanced summary', () => {
    const paid = {...base, status: 'paid' as const, paymentId: 'p'}
    expect(mergeSummary(paid, base)).toBe(paid)
    expect(mergeSummary(base, paid)).toBe(paid)
    const more = {...paid, attachmentCount: 2}
    expect(mergeSummary(more, paid)).toBe(more)
    expect(mergeSummary(undefined, base)).toBe(base)
  })
  it('puts an enrolment in the partition of the month it was created (UTC)', () => {
    expect(partitionOf('2026-01-31T23:59:59.999Z')).toBe('2026-01')
    expect(partitionOf('2026-02-01T00:00:00.000Z')).toBe('2026-02')
    expect(partitionOf('not a time')).toBe('0000-00')
  })
})
