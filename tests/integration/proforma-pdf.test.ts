/**
 * The pro-forma invoice of a group booking paid by invoice, read back as text with poppler's
 * `pdftotext` (tests/helpers/pdf-text.ts): number, dates, bill-to with the tax number's label,
 * the seat line, discount and total, the bank details that are set, the payment reference and
 * the seats held until the due date.
 */
import {spawnSync} from 'node:child_process'
import {describe, expect, it} from 'vitest'
import {quoteGroup} from '#schemas/rules/group-booking'
import {proformaFileName, renderProformaPdf, type ProformaFacts} from '#netlify/services/group-bookings/proforma-pdf'
import {pdfText} from '../helpers/pdf-text'

const has = (tool: string) => spawnSync(tool, ['-v']).error === undefined

const facts = (overrides: Partial<ProformaFacts> = {}): ProformaFacts => ({
  provider: {
    name: 'Maritime Training & Certification',
    address: 'Ajman Free Zone\nAjman, United Arab Emirates',
    phone: '+971 6 000 0000',
    email: 'admissions@maritime-training.example',
  },
  proformaNumber: 'PF-2026-00001',
  issuedOn: '2026-11-24',
  dueDate: '2026-12-01',
  company: {
    name: 'Oceanic Crew Management Pvt Ltd',
    contactName: 'Anita Rao',
    email: 'crewing@oceanic.example',
    phone: '+91 22 4000 0000',
    address: 'Andheri East\nMumbai 400069',
    country: 'IN',
    taxId: '27AAPFU0939F1ZV',
    poNumber: 'PO-7781',
  },
  countryName: 'India',
  courseName: 'BOSIET',
  batch: {startDate: '2027-01-12', endDate: '2027-01-16', city: 'Mumbai', venue: 'Training Centre, Andheri East'},
  currency: 'USD',
  // 5 seats at $450: 5 % off.
  quote: quoteGroup(45000, 5, [
    {minSeats: 5, percent: 5},
    {minSeats: 10, percent: 10},
  ]),
  bank: {
    accountName: 'Maritime Training & Certification',
    bankName: 'Emirates NBD',
    accountNumber: '',
    iban: 'AE070331234567890123456',
    swift: 'EBILAEAD',
    ifsc: '',
    branch: '',
  },
  bookingUrl: 'https://www.example.com/book/group/grp_AAAAAAAAAAAAAAAA/abcdefghijklmnopqrstuv',
  ...overrides,
})

/** Collapses runs of spaces (the -layout columns) so a row reads "Label value". */
const flat = (text: string) => text.replace(/[ \t]+/g, ' ')

describe('proformaFileName', () => {
  it('is the number with .pdf', () => {
    expect(proformaFileName('PF-2026-00001')).toBe('PF-2026-00001.pdf')
  })
})

describe.runIf(has('pdftotext') || Boolean(process.env.CI))('renderProformaPdf', () => {
  it('prints the number, dates, bill-to, the seat line at the unit price, the discount, the total and the payment instructions', async () => {
    const bytes = await renderProformaPdf(facts())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const text = flat(pdfText(bytes))
    expect(text).toContain('Maritime Training & Certification')
    expect(text).toContain('Pro-forma invoice')
    expect(text).toMatch(/Pro-forma number PF-2026-00001/)
    expect(text).toMatch(/Issue date 24 November 2026/)
    expect(text).toContain('Payment due by 1 December 2026')
    expect(text).toMatch(/Company Oceanic Crew Management Pvt Ltd/)
    expect(text).toMatch(/Contact Anita Rao, crewing@oceanic\.example/)
    expect(text).toMatch(/Address Andheri East/)
    expect(text).toMatch(/Country India/)
    expect(text).toMatch(/GSTIN 27AAPFU0939F1ZV/)
    expect(text).toMatch(/PO number PO-7781/)
    expect(text).toMatch(/5 × BOSIET \(12–16 Jan 2027, Mumbai\) at \$450 USD \$2,250 USD/)
    expect(text).toContain('Venue: Training Centre, Andheri East')
    expect(text).toMatch(/Group discount \(5 %\) −\$112\.50 USD/)
    expect(text).toMatch(/Total \$2,137\.50 USD/)
    expect(text).toMatch(/Account name Maritime Training & Certification/)
    expect(text).toMatch(/Bank Emirates NBD/)
    expect(text).toMatch(/IBAN AE070331234567890123456/)
    expect(text).toMatch(/SWIFT \/ BIC EBILAEAD/)
    // Lines left empty in the site settings are not printed.
    expect(text).not.toMatch(/Account number|IFSC|Branch/)
    expect(text).toContain('Please quote PF-2026-00001 as the payment reference.')
    expect(text).toContain('Your 5 seats are held until 1 December 2026.')
    expect(text).toContain('https://www.example.com/book/group/grp_AAAAAAAAAAAAAAAA/abcdefghijklmnopqrstuv')
  })

  it('without a discount, tax or PO number: no such lines; a UAE TRN under its label; INR the Indian way', async () => {
    const plain = flat(
      pdfText(
        await renderProformaPdf(
          facts({quote: quoteGroup(45000, 3, [{minSeats: 5, percent: 5}]), company: {...facts().company, taxId: undefined, poNumber: undefined}}),
        ),
      ),
    )
    expect(plain).not.toContain('Group discount')
    expect(plain).not.toMatch(/GSTIN|PO number/)
    expect(plain).toMatch(/Total \$1,350 USD/)

    const uae = flat(
      pdfText(
        await renderProformaPdf(
          facts({
            company: {...facts().company, country: 'AE', taxId: '100123456789012'},
            countryName: 'United Arab Emirates',
            currency: 'INR',
            quote: quoteGroup(4500000, 2, []),
          }),
        ),
      ),
    )
    expect(uae).toMatch(/TRN 100123456789012/)
    expect(uae).toMatch(/Total ₹90,000\.00 INR/)
  })

  it('says where to ask for the bank details when none are set', async () => {
    const empty = {accountName: '', bankName: '', accountNumber: '', iban: '', swift: '', ifsc: '', branch: ''}
    const text = flat(pdfText(await renderProformaPdf(facts({bank: empty}))))
    expect(text).toContain('Please contact admissions@maritime-training.example for our bank details.')
    expect(text).not.toMatch(/IBAN|SWIFT/)
  })

  it('refuses a number that is not a pro-forma number', async () => {
    await expect(renderProformaPdf(facts({proformaNumber: 'MTC-2026-00001'}))).rejects.toThrow(/pro-forma number/)
  })
})
