/**
 * Mail headers without injection (netlify/platform/mail-headers.ts, schemas/contracts/mail.ts)
 * and the templates' subjects, exactly as the issue words them.
 */
import {describe, expect, it} from 'vitest'
import {isMailAddress, parseMailAddressList, parseMailbox} from '#schemas/contracts/mail'
import {isOutboxId, outboxId} from '#schemas/contracts/outbox'
import {headerText, MailHeaderError, requireAddress, requireAddresses, safeMailbox} from '#netlify/platform/mail-headers'
import {renderEnquiryNotice} from '#netlify/services/mail/templates/enquiry-notice'
import {renderEnrolmentNotice} from '#netlify/services/mail/templates/enrolment-notice'
import {renderReceiptEmail} from '#netlify/services/mail/templates/receipt'

const PROVIDER = {name: 'Maritime Training & Certification', address: 'Ajman Free Zone\nAjman', phone: '+971 6 000 0000', email: 'admissions@example.com'}

describe('headerText', () => {
  it('removes CR, LF and other control characters (each run a space), collapses spaces and trims', () => {
    expect(headerText('Course Information\r\nBcc: evil@example.com')).toBe('Course Information Bcc: evil@example.com')
    expect(headerText(' a\n\rb\u0000c\u2028d\te  ')).toBe('a b c d e')
    expect(headerText('Zoë – “quoted”')).toBe('Zoë – “quoted”')
  })
  it('cuts long values with an ellipsis', () => {
    expect(headerText('x'.repeat(300))).toHaveLength(200)
    expect(headerText('abcdef', 4)).toBe('abc…')
  })
})

describe('addresses', () => {
  it('accepts one plain address and refuses anything that could add a header or a recipient', () => {
    expect(requireAddress(' maria.santos@example.com ', 'To')).toBe('maria.santos@example.com')
    expect(requireAddress('no-reply@localhost', 'From')).toBe('no-reply@localhost')
    for (const bad of [
      'a@example.com\r\nBcc: b@example.com',
      'a@example.com\n',
      'a@example.com, b@example.com',
      'A <a@example.com>',
      'a b@example.com',
      'a@',
      '@example.com',
      '',
    ]) {
      expect(() => requireAddress(bad, 'To'), JSON.stringify(bad)).toThrow(MailHeaderError)
      expect(isMailAddress(bad.trim()) && !/[\r\n]/.test(bad), JSON.stringify(bad)).toBe(false)
    }
    expect(() => requireAddress('x', 'Reply-To')).toThrow(/^Reply-To: /)
    expect(requireAddresses(['a@example.com', 'A@example.com', 'b@example.com'], 'To')).toEqual(['a@example.com', 'b@example.com'])
    expect(() => requireAddresses([], 'To')).toThrow(MailHeaderError)
  })
  it('cleans a display name and checks its address', () => {
    expect(safeMailbox('Ann\r\nBcc: x@example.com', 'ann@example.com', 'Reply-To')).toEqual({name: 'Ann Bcc: x@example.com', address: 'ann@example.com'})
    expect(() => safeMailbox('Ann', 'ann@example.com\r\n', 'Reply-To')).toThrow(MailHeaderError)
  })
  it('parses MAIL_FROM and STAFF_EMAIL forms', () => {
    expect(parseMailbox('Maritime Training <no-reply@example.com>')).toEqual({name: 'Maritime Training', address: 'no-reply@example.com'})
    expect(parseMailbox('"Maritime Training" <no-reply@example.com>')).toEqual({name: 'Maritime Training', address: 'no-reply@example.com'})
    expect(parseMailbox('no-reply@example.com')).toEqual({name: '', address: 'no-reply@example.com'})
    for (const bad of ['Name <a@example.com>\r\nBcc: b@example.com', 'A <b> <c@example.com>', 'Name', '<>', 'a@example.com, b@example.com']) {
      expect(parseMailbox(bad), bad).toBeNull()
    }
    expect(parseMailAddressList('a@example.com, b@example.com')).toEqual(['a@example.com', 'b@example.com'])
    expect(parseMailAddressList('a@example.com,\r\nb@example.com')).toBeNull()
    expect(parseMailAddressList('a@example.com,,b@example.com')).toBeNull()
  })
  it('names outbox messages {kind}:{about}', () => {
    expect(outboxId('receipt', 'MTC-2026-00001')).toBe('receipt:MTC-2026-00001')
    expect(isOutboxId('receipt:MTC-2026-00001')).toBe(true)
    expect(isOutboxId('enrolment-notice:order_ABCDEFGHIJKLMN')).toBe(true)
    for (const bad of ['receipt:', 'invoice:MTC-2026-00001', 'receipt:../x', 'receipt:a/b', 'receipt:MTC 1']) expect(isOutboxId(bad), bad).toBe(false)
  })
})

describe('the templates', () => {
  const paidAt = '2026-11-24T10:05:00.000Z'
  it('word the subjects as the issue does, header-safe', async () => {
    const receipt = await renderReceiptEmail({
      provider: PROVIDER,
      receiptNumber: 'MTC-2026-00001',
      candidateName: 'Maria <b>Santos</b>',
      programme: 'STCW Courses',
      course: 'ECDIS',
      amountMinor: 45000,
      currency: 'USD',
      paidAt,
      sandbox: false,
      confirmationUrl: 'https://www.example.com/payment?order=order_X',
      accountUrl: 'https://www.example.com/account?email=maria%40example.com',
    })
    expect(receipt.subject).toBe('Receipt MTC-2026-00001: ECDIS')
    expect(receipt.text).toContain('View in My training')
    expect(receipt.html).toContain('href="https://www.example.com/account?email=maria%40example.com"')
    expect(receipt.html).toContain('Maria &lt;b&gt;Santos&lt;/b&gt;')
    expect(receipt.html).not.toContain('<b>Santos')
    expect(receipt.text).toContain('USD 450.00')
    expect(receipt.text).toContain('Card via Razorpay')
    expect(receipt.text).not.toContain('Sandbox')

    const notice = await renderEnrolmentNotice({
      provider: PROVIDER,
      receiptNumber: 'MTC-2026-00001',
      candidate: {name: 'Maria\r\nSantos', email: 'maria@example.com', mobile: '+63 917 123 4567'},
      programme: 'STCW Courses',
      course: 'ECDIS',
      country: '',
      amountMinor: 45000,
      currency: 'USD',
      paidAt,
      paymentId: 'pay_X',
      orderId: 'order_X',
      sandbox: true,
      documents: [],
      adminUrl: 'https://www.example.com/adminEnrollments',
    })
    expect(notice.subject).toBe('New enrolment MTC-2026-00001: Maria Santos, ECDIS')
    expect(notice.text).toContain('Documents attached to the enrolment: none')
    expect(notice.text).toContain('Sandbox (test) payment')
    expect(notice.text).not.toContain('Over capacity')
    expect(notice.text).not.toMatch(/Batch/)

    // The batch line, and "Over capacity" when the payment was booked beyond the seats.
    const flagged = await renderEnrolmentNotice({
      provider: PROVIDER,
      receiptNumber: 'MTC-2026-00002',
      candidate: {name: 'Maria Santos', email: 'maria@example.com', mobile: '+63 917 123 4567'},
      programme: 'STCW Courses',
      course: 'ECDIS',
      country: '',
      batch: '12–16 Jan 2027 · Mumbai',
      overCapacity: true,
      amountMinor: 45000,
      currency: 'USD',
      paidAt,
      paymentId: 'pay_Y',
      orderId: 'order_Y',
      sandbox: false,
      documents: [],
      adminUrl: 'https://www.example.com/adminEnrollments',
    })
    expect(flagged.text).toContain('Over capacity')
    expect(flagged.text).toContain('12–16 Jan 2027 · Mumbai')

    const enquiry = await renderEnquiryNotice({
      provider: PROVIDER,
      name: 'Ann Lee',
      email: 'ann@example.com',
      phone: null,
      subject: 'Vessel Registration',
      message: 'Hello',
      receivedAt: paidAt,
    })
    expect(enquiry.subject).toBe('Enquiry: Vessel Registration from Ann Lee')
  })
})
