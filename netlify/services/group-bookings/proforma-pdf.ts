/**
 * The pro-forma invoice of a group booking paid by invoice (docs/requirements.md#req-group-bookings):
 * A4 portrait, real text in embedded Noto Sans, laid out as the receipt is
 * (../receipts/receipt-pdf.ts Flow, providerHeading).
 *
 * It prints: the provider's name, address and contact; "Pro-forma invoice", its number
 * (`PF-YYYY-NNNNN`, its own gapless series), the issue date and "Payment due by {due date}"; the
 * company billed (name, contact person, address, country, tax number under its country's label
 * — GSTIN, TRN or "Tax registration number" — and PO number, when given); the line
 * "{seats} × {course} ({dates}, {city})" at the unit price, "Group discount ({p} %)" when there
 * is one, and the total (formatMoney); the bank details lines that are set in the site settings;
 * "Please quote {number} as the payment reference"; that the seats are held until the due date;
 * and the booking page, where the delegates are named.
 *
 * Served and attached as `application/pdf` named proformaFileName(number), `PF-2026-00001.pdf`.
 */
import {PDFDocument} from 'pdf-lib'
import type {Company} from '#schemas/contracts/group-bookings'
import {batchDateRange} from '#schemas/rules/batches'
import {formatLongDate, formatMoney} from '#schemas/rules/format'
import {PROFORMA_NUMBER_PATTERN, taxIdLabel, type GroupQuote} from '#schemas/rules/group-booking'
import {fromMinorUnits} from '#schemas/rules/price'
import type {ReceiptContext} from '../receipts/context'
import {describeDocument, Typesetter} from '../receipts/pdf-text'
import {Flow, MUTED_TEXT, providerHeading} from '../receipts/receipt-pdf'
import type {BankDetails} from './content'

/** The media type of a pro-forma invoice. */
export const PROFORMA_CONTENT_TYPE = 'application/pdf'

/** The file name of pro-forma `proformaNumber`: `PF-2026-00001.pdf`. */
export const proformaFileName = (proformaNumber: string): string => `${proformaNumber}.pdf`

/**
 * What a pro-forma prints. Days are 'YYYY-MM-DD' (the provider's); `quote` in minor units of
 * `currency` (ISO 4217); `countryName` the English name of `company.country`; `bookingUrl` the
 * absolute URL of the booking's page.
 */
export type ProformaFacts = {
  provider: ReceiptContext['provider']
  proformaNumber: string
  issuedOn: string
  dueDate: string
  company: Company
  countryName: string
  courseName: string
  batch: {startDate: string; endDate: string; city: string; venue: string | null}
  currency: string
  quote: GroupQuote
  bank: BankDetails
  bookingUrl: string
}

/** The bank details lines in the order printed, with their labels. */
const BANK_LINES: ReadonlyArray<readonly [keyof BankDetails, string]> = [
  ['accountName', 'Account name'],
  ['bankName', 'Bank'],
  ['accountNumber', 'Account number'],
  ['iban', 'IBAN'],
  ['swift', 'SWIFT / BIC'],
  ['ifsc', 'IFSC'],
  ['branch', 'Branch'],
]

/** Money of the pro-forma: minor units of `currency` as the site writes amounts ("$2,137.50 USD"). */
const money = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor), currency)

/** The line of the seats: "{seats} × {course} ({dates}, {city})". */
export const proformaSeatLine = (facts: Pick<ProformaFacts, 'quote' | 'courseName' | 'batch'>): string => {
  const where = [batchDateRange(facts.batch), facts.batch.city].filter(Boolean).join(', ')
  return `${facts.quote.seats} × ${facts.courseName}${where ? ` (${where})` : ''}`
}

/**
 * The pro-forma PDF of `facts` (see the module comment for what it prints), as bytes. Throws an
 * Error for a number that is not a pro-forma number, and when a font file is missing
 * (../receipts/pdf-text.ts).
 */
export async function renderProformaPdf(facts: ProformaFacts): Promise<Uint8Array> {
  if (!PROFORMA_NUMBER_PATTERN.test(facts.proformaNumber)) throw new Error(`Not a pro-forma number: ${facts.proformaNumber}`)
  const {company, quote, currency} = facts
  const doc = await PDFDocument.create()
  describeDocument(doc, {
    title: `Pro-forma invoice ${facts.proformaNumber}`,
    subject: `${facts.courseName}, ${company.name}`,
    author: facts.provider.name,
    at: new Date(`${facts.issuedOn}T00:00:00Z`),
  })
  const flow = new Flow(doc, new Typesetter(doc))

  await providerHeading(flow, facts.provider)

  await flow.paragraph('Pro-forma invoice', {size: 22, weight: 'bold', gap: 10})
  await flow.row('Pro-forma number', facts.proformaNumber, 'bold')
  await flow.row('Issue date', formatLongDate(facts.issuedOn))
  await flow.paragraph(`Payment due by ${formatLongDate(facts.dueDate)}`, {size: 11, weight: 'bold', gap: 2})
  flow.rule(8)

  await flow.paragraph('Bill to', {size: 11, weight: 'bold', gap: 4})
  await flow.row('Company', company.name)
  await flow.row('Contact', `${company.contactName}, ${company.email}, ${company.phone}`)
  await flow.row('Address', company.address)
  await flow.row('Country', facts.countryName)
  if (company.taxId) await flow.row(taxIdLabel(company.country), company.taxId)
  if (company.poNumber) await flow.row('PO number', company.poNumber)
  flow.rule(8)

  await flow.amountLine(`${proformaSeatLine(facts)} at ${money(quote.unitMinor, currency)}`, money(quote.subtotalMinor, currency))
  if (facts.batch.venue) await flow.paragraph(`Venue: ${facts.batch.venue}`, {size: 9.5, color: MUTED_TEXT, gap: 4})
  if (quote.discountPercent > 0) await flow.amountLine(`Group discount (${quote.discountPercent} %)`, `−${money(quote.discountMinor, currency)}`)
  await flow.amountLine('Total', money(quote.totalMinor, currency), 'bold')
  flow.rule(10)

  await flow.paragraph('Bank details', {size: 11, weight: 'bold', gap: 4})
  const lines = BANK_LINES.filter(([key]) => facts.bank[key].trim() !== '')
  if (lines.length === 0) await flow.paragraph(`Please contact ${facts.provider.email} for our bank details.`, {size: 10.5, gap: 4})
  for (const [key, label] of lines) await flow.row(label, facts.bank[key])
  await flow.paragraph(`Please quote ${facts.proformaNumber} as the payment reference.`, {size: 11, weight: 'bold', gap: 8})

  await flow.paragraph(
    `Your ${quote.seats} seats are held until ${formatLongDate(facts.dueDate)}. If the payment has not reached us by the end of that day, the seats are released.`,
    {size: 10.5, gap: 6},
  )
  await flow.paragraph(`Name your delegates on your booking page: ${facts.bookingUrl}`, {size: 10.5, gap: 18})
  await flow.paragraph(`This pro-forma invoice is a request for payment, not a receipt. ${facts.provider.name} issues the receipt when the payment arrives.`, {
    size: 8.5,
    color: MUTED_TEXT,
  })

  return doc.save()
}
