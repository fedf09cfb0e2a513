/**
 * The e-mails of group bookings as the outbox would send them (subject, recipients, the texts the
 * reader sees, attachments): the booking confirmation with its pro-forma, the release of unpaid
 * seats, a delegate's joining instructions; and the receipt of a group order (PDF read back with
 * pdftotext, and its e-mail), which lists seats × unit price, the discount, the total, the company
 * and "Name your delegates", and says "Paid by bank transfer" for a pro-forma paid by transfer.
 */
import {spawnSync} from 'node:child_process'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import {quoteGroup} from '#schemas/rules/group-booking'
import {groupOrderLines, paymentMethodLabel} from '#schemas/rules/receipt-format'
import type {EnrolmentRecord} from '#netlify/services/enrolments/record'
import {
  delegateJoiningMessage,
  enrolmentFacts,
  groupBookingMessage,
  groupBookingReleasedMessage,
  groupBookingUrl,
  receiptMessage,
  type GroupBookingMessageProps,
} from '#netlify/services/mail/messages'
import {renderReceiptPdf} from '#netlify/services/receipts/receipt-pdf'
import {toBringOf} from '#netlify/services/account/to-bring'
import {pdfText} from '../helpers/pdf-text'
import {stubPdf} from '../helpers/stub-pdf'
import {newEnrolment} from './enrolment-fixtures'

const ORIGIN = 'https://www.maritime-training.example'
beforeEach(() => {
  vi.stubEnv('SITE_URL', ORIGIN)
})
afterEach(() => {
  vi.unstubAllEnvs()
})

const PROVIDER = {
  name: 'Maritime Training & Certification',
  address: 'Ajman Free Zone\nAjman, United Arab Emirates',
  phone: '+971 6 000 0000',
  email: 'admissions@maritime-training.example',
}
const BOOKING_ID = 'grp_AAAAAAAAAAAAAAAA'
const KEY = 'abcdefghijklmnopqrstuv'
const BATCH = {startDate: '2027-01-12', endDate: '2027-01-16', city: 'Mumbai', venue: 'Training Centre, Andheri East'}
const QUOTE = quoteGroup(45000, 5, [
  {minSeats: 5, percent: 5},
  {minSeats: 10, percent: 10},
])
const PDF = {fileName: 'PF-2026-00001.pdf', bytes: new TextEncoder().encode('%PDF-1.4 pro-forma')}

const booking = (overrides: Partial<GroupBookingMessageProps> = {}): GroupBookingMessageProps => ({
  provider: PROVIDER,
  email: 'crewing@oceanic.example',
  bookingId: BOOKING_ID,
  contactName: 'Anita Rao',
  company: 'Oceanic Crew Management Pvt Ltd',
  courseName: 'BOSIET',
  batch: BATCH,
  currency: 'USD',
  quote: QUOTE,
  payBy: 'invoice',
  bookingUrl: groupBookingUrl(BOOKING_ID, KEY),
  proforma: {number: 'PF-2026-00001', dueDate: '2026-12-01', pdf: PDF},
  ...overrides,
})

/** The plain text with line breaks and runs of spaces made single spaces. */
const flat = (text: string) => text.replace(/\s+/g, ' ')

describe('groupBookingMessage', () => {
  it('paid by invoice: to the contact person, the summary, the pro-forma number and due date, seats held, the link and the PDF attached', async () => {
    const message = await groupBookingMessage(booking())
    expect(message.kind).toBe('group-booking')
    expect(message.about).toBe(BOOKING_ID)
    expect(message.to).toEqual(['crewing@oceanic.example'])
    expect(message.subject).toBe(`Group booking ${BOOKING_ID}: 5 seats, BOSIET`)
    const text = flat(message.text)
    expect(text).toContain('Dear Anita Rao,')
    expect(text).toContain('Company: Oceanic Crew Management Pvt Ltd')
    expect(text).toContain('Dates: 12–16 Jan 2027')
    expect(text).toContain('Venue: Training Centre, Andheri East, Mumbai')
    expect(text).toContain('Seats: 5')
    expect(text).toContain('Unit price: $450 USD')
    expect(text).toContain('Group discount (5 %): −$112.50 USD')
    expect(text).toContain('Total: $2,137.50 USD')
    expect(text).toContain('Your pro-forma invoice PF-2026-00001 is attached as a PDF (PF-2026-00001.pdf)')
    expect(text).toContain('Payment due by: 1 December 2026')
    expect(text).toContain('Your seats are held until 1 December 2026.')
    expect(text).toContain('quoting PF-2026-00001 as the payment reference')
    expect(message.html).toContain(`href="${ORIGIN}/book/group/${BOOKING_ID}/${KEY}"`)
    expect(message.html).toMatch(/>Name your delegates</)
    expect(message.html).toContain(`href="${ORIGIN}/account?email=crewing%40oceanic.example"`)
    expect(text).toContain('View in My training')
    // The last day delegates may be changed: 2 days before the start.
    expect(text).toContain('You can change them until 10 Jan 2027')
    expect(message.attachments).toEqual([{filename: 'PF-2026-00001.pdf', contentType: 'application/pdf', content: PDF.bytes}])
  })

  it('paid by card: no pro-forma, nothing held, nothing attached, no discount line below the first tier', async () => {
    const message = await groupBookingMessage(booking({payBy: 'card', proforma: undefined, quote: quoteGroup(45000, 3, [{minSeats: 5, percent: 5}])}))
    const text = flat(message.text)
    expect(message.attachments).toBeUndefined()
    expect(text).not.toMatch(/pro-forma|held until|Group discount/i)
    expect(text).toContain('Payment: Card')
    expect(text).toContain('Total: $1,350 USD')
    expect(message.html).toMatch(/>Name your delegates</)
  })
})

describe('groupBookingReleasedMessage', () => {
  it('says which pro-forma was not paid by when, how many seats were released, and links the calendar', async () => {
    const message = await groupBookingReleasedMessage({
      provider: PROVIDER,
      email: 'crewing@oceanic.example',
      bookingId: BOOKING_ID,
      contactName: 'Anita Rao',
      company: 'Oceanic Crew Management Pvt Ltd',
      courseName: 'BOSIET',
      batch: BATCH,
      seats: 5,
      proformaNumber: 'PF-2026-00001',
      dueDate: '2026-12-01',
    })
    expect(message.kind).toBe('group-booking-released')
    expect(message.about).toBe(BOOKING_ID)
    expect(message.to).toEqual(['crewing@oceanic.example'])
    expect(message.subject).toBe('Seats released: pro-forma PF-2026-00001 was not paid')
    const text = flat(message.text)
    expect(text).toContain(
      'The pro-forma PF-2026-00001 was not paid by 1 December 2026, so the 5 seats held for Oceanic Crew Management Pvt Ltd on BOSIET were released.',
    )
    expect(text).toContain('To book again, visit the course calendar')
    expect(message.html).toContain(`href="${ORIGIN}/courses/calendar"`)
    expect(text).toContain('View in My training')
    expect(message.attachments).toBeUndefined()
  })
})

describe('delegateJoiningMessage', () => {
  const joining = (toBring: string[], n = 1) =>
    delegateJoiningMessage({
      provider: PROVIDER,
      email: 'ravi.kumar@example.com',
      delegateOrderId: 'order_sandbox_AAAAAAAAAAAAAA_d01',
      n,
      delegateName: 'Ravi Kumar',
      company: 'Oceanic Crew Management Pvt Ltd',
      courseName: 'BOSIET',
      batch: BATCH,
      toBring,
    })

  it('to the delegate: booked on the course by the company, the dates, the venue, what to bring and My training', async () => {
    const message = await joining(['Passport (original and copy)', 'Medical fitness certificate'])
    expect(message.kind).toBe('delegate-joining')
    expect(message.about).toBe('order_sandbox_AAAAAAAAAAAAAA_d01-1')
    expect(message.to).toEqual(['ravi.kumar@example.com'])
    expect(message.subject).toBe('You are booked on BOSIET, 12–16 Jan 2027')
    const text = flat(message.text)
    expect(message.html).toMatch(/>You are booked on (<!-- -->)?BOSIET</)
    expect(text).toContain('Dear Ravi Kumar,')
    expect(text).toContain('Oceanic Crew Management Pvt Ltd has booked you on BOSIET.')
    expect(text).toContain('Dates: 12–16 Jan 2027')
    expect(text).toContain('Venue: Training Centre, Andheri East, Mumbai')
    expect(text).toContain('What to bring')
    expect(text).toContain('Passport (original and copy)')
    expect(text).toContain('Medical fitness certificate')
    expect(message.html).toContain(`href="${ORIGIN}/account?email=ravi.kumar%40example.com"`)
    expect(text).toContain('View in My training')
  })

  it('a later joining e-mail of the same seat has its own key; no list when the programme has none', async () => {
    const message = await joining([], 2)
    expect(message.about).toBe('order_sandbox_AAAAAAAAAAAAAA_d01-2')
    expect(message.text).not.toContain('What to bring')
  })

  it("what to bring is My training's rule: the programme's list from the content", () => {
    const lists = {cadetshipDocuments: ['Passport'], competencyDocuments: ['CDC']}
    expect(toBringOf('cadetship-training', lists)).toEqual(['Passport'])
    expect(toBringOf('competency-training', lists)).toEqual(['CDC'])
    expect(toBringOf('offshore-training', lists)).toEqual([])
  })
})

/** The paid order of a group booking, as markPaid leaves it (the contact person is the candidate). */
function groupOrder(overrides: Partial<EnrolmentRecord> = {}): EnrolmentRecord {
  return {
    ...newEnrolment('group', {
      name: 'Anita Rao',
      email: 'crewing@oceanic.example',
      mobile: '+91 22 4000 0000',
      trainingProgram: 'offshore-training',
      trainingProgramName: 'Offshore Training',
      course: 'bosiet',
      courseName: 'BOSIET',
      amount: 2137.5,
      amountMinor: QUOTE.totalMinor,
      mode: 'razorpay',
      batch: {id: 'batch-bosiet-2027-01', ...BATCH, country: 'India'},
      groupOrder: {
        bookingId: BOOKING_ID,
        company: 'Oceanic Crew Management Pvt Ltd',
        seats: 5,
        unitMinor: 45000,
        subtotalMinor: QUOTE.subtotalMinor,
        discountPercent: 5,
        discountMinor: QUOTE.discountMinor,
        payBy: 'invoice',
        poNumber: 'PO-7781',
        taxId: '27AAPFU0939F1ZV',
        proformaNumber: 'PF-2026-00001',
      },
    }),
    orderId: 'order_invoice_AAAAAAAAAAAAAAAA',
    status: 'paid',
    paymentId: 'NEFT-20261128-0042',
    paidAt: '2026-11-28T06:00:00.000Z',
    paidVia: 'bank-transfer',
    confirmationKey: KEY,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-28T06:00:00.000Z',
    ...overrides,
  }
}

describe('the receipt of a group order', () => {
  it('lists "{seats} seats × {unit price}", the discount and the total, with the company, PO and tax numbers', () => {
    expect(groupOrderLines(QUOTE, 'USD')).toEqual([
      ['5 seats × USD 450.00', 'USD 2,250.00'],
      ['Group discount (5 %)', '−USD 112.50'],
    ])
    expect(groupOrderLines(quoteGroup(45000, 3, []), 'USD')).toEqual([['3 seats × USD 450.00', 'USD 1,350.00']])
    expect(paymentMethodLabel(false, true)).toBe('Paid by bank transfer')
    expect(paymentMethodLabel(true, true)).toBe('Paid by bank transfer')
    const facts = enrolmentFacts(groupOrder())
    expect(facts.group).toEqual({
      company: 'Oceanic Crew Management Pvt Ltd',
      poNumber: 'PO-7781',
      taxId: '27AAPFU0939F1ZV',
      seats: 5,
      unitMinor: 45000,
      subtotalMinor: 225000,
      discountPercent: 5,
      discountMinor: 11250,
    })
    expect(facts.bankTransfer).toBe(true)
  })

  it("one candidate's facts carry no group part and no bank transfer", () => {
    const {groupOrder: _group, ...single} = groupOrder({paidVia: 'callback', orderId: 'order_Q1w2E3r4T5y6U7'})
    const facts = enrolmentFacts(single)
    expect(facts).not.toHaveProperty('group')
    expect(facts).not.toHaveProperty('bankTransfer')
  })

  it('its e-mail lists the lines, the company and "Name your delegates" to the booking page, paid by bank transfer', async () => {
    const record = groupOrder()
    const {documents: _documents, overCapacity: _over, ...facts} = enrolmentFacts(record)
    const message = await receiptMessage(
      {
        ...facts,
        provider: PROVIDER,
        receiptNumber: 'MTC-2026-00042',
        refundPolicy: 'All payments are final.',
        confirmationUrl: `${ORIGIN}/payment?order=${record.orderId}`,
        delegatesUrl: groupBookingUrl(BOOKING_ID, KEY),
      },
      stubPdf,
    )
    expect(message.to).toEqual(['crewing@oceanic.example'])
    const text = flat(message.text)
    expect(text).toContain('Company: Oceanic Crew Management Pvt Ltd')
    expect(text).toContain('PO number: PO-7781')
    expect(text).toContain('Tax number: 27AAPFU0939F1ZV')
    expect(text).toContain('5 seats × USD 450.00: USD 2,250.00')
    expect(text).toContain('Group discount (5 %): −USD 112.50')
    expect(text).toContain('Total paid: USD 2,137.50')
    expect(text).toContain('Payment method: Paid by bank transfer')
    expect(message.html).toContain(`href="${ORIGIN}/book/group/${BOOKING_ID}/${KEY}"`)
    expect(message.html).toMatch(/>Name your delegates</)
    expect(message.attachments?.[0]?.filename).toBe('receipt-MTC-2026-00042.pdf')
  })

  it.runIf(spawnSync('pdftotext', ['-v']).error === undefined || Boolean(process.env.CI))(
    'its PDF prints the contact, company, PO and tax numbers, the lines and the total, paid by bank transfer',
    async () => {
      const {documents: _documents, overCapacity: _over, ...facts} = enrolmentFacts(groupOrder())
      const text = pdfText(
        await renderReceiptPdf({...facts, provider: PROVIDER, receiptNumber: 'MTC-2026-00042', refundPolicy: 'All payments are final.'}),
      ).replace(/[ \t]+/g, ' ')
      expect(text).toMatch(/Contact Anita Rao/)
      expect(text).toMatch(/Company Oceanic Crew Management Pvt Ltd/)
      expect(text).toMatch(/PO number PO-7781/)
      expect(text).toMatch(/Tax number 27AAPFU0939F1ZV/)
      expect(text).toMatch(/5 seats × USD 450\.00 USD 2,250\.00/)
      expect(text).toMatch(/Group discount \(5 %\) −USD 112\.50/)
      expect(text).toMatch(/Total paid USD 2,137\.50/)
      expect(text).toMatch(/Payment method Paid by bank transfer/)
      expect(text).not.toMatch(/Amount paid/)
    },
  )
})
