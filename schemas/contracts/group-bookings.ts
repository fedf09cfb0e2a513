/**
 * The contracts of group bookings (docs/requirements.md#req-group-bookings), one zod schema per
 * body and answer:
 *
 *   POST /api/group-bookings                                        GroupBookingBodySchema → 200 GroupCardResponseSchema | GroupInvoiceResponseSchema
 *   POST /api/admin/group-bookings/{bookingId}/payment-received     PaymentReceivedBodySchema → 200 AdminGroupBookingSchema (finance)
 *   POST /api/admin/group-bookings/{bookingId}/cancel               CancelGroupBookingBodySchema → 200 AdminGroupBookingSchema (finance)
 *   GET  /api/admin/companies                                       → 200 CompaniesResponseSchema (finance, registrar)
 *   /book/group/{bookingId}/{key} (the delegates page)              DelegatesBodySchema, GroupBookingViewSchema
 *
 * Rules (seats, price, dates, tax numbers, messages) are schemas/rules/group-booking.ts's.
 * Errors are `{error, details?}` (./errors.ts).
 */
import {z} from 'zod'
import {CURRENCIES} from '#schemas/rules/price'
import {isIsoDate} from '#schemas/rules/batches'
import {isTermsAccepted, TERMS_MESSAGE} from '#schemas/rules/terms'
import {countryName, GROUP_MAX_SEATS, GROUP_MESSAGES, GROUP_MIN_SEATS, normaliseTaxId, PAY_BY, taxIdProblem} from '#schemas/rules/group-booking'
import {BatchIdSchema} from './ids'
import {CreateOrderResponseSchema} from './enrolment'
import {emailField, mobileField, personNameField} from './forms/fields'
import {dateOfBirthField, holderNameField, nationalityField} from './account'

/** A group booking's id: `grp_` + 16 letters and digits. */
export const GROUP_BOOKING_ID_PATTERN = /^grp_[A-Za-z0-9]{16}$/
export const isGroupBookingId = (value: string): boolean => GROUP_BOOKING_ID_PATTERN.test(value)
export const GroupBookingIdSchema = z.string().regex(GROUP_BOOKING_ID_PATTERN, GROUP_MESSAGES.notFound)

/** A group booking's key (128 bits, base64url: 22 characters), as in its page's address. */
export const GROUP_BOOKING_KEY_PATTERN = /^[A-Za-z0-9_-]{22}$/

const text = (max: number, message: string) =>
  z.string({required_error: message, invalid_type_error: message}).trim().min(1, message).max(max, `Please use at most ${max} characters.`)

/** An optional text: empty or missing is absent. */
const optionalText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.string().trim().max(max, `Please use at most ${max} characters.`).optional(),
  )

/** A country as ISO 3166-1 alpha-2 ("IN"), upper-cased. */
export const CountryCodeSchema = z
  .string({required_error: GROUP_MESSAGES.country, invalid_type_error: GROUP_MESSAGES.country})
  .trim()
  .toUpperCase()
  .refine((code) => countryName(code) !== null, GROUP_MESSAGES.country)

/** The booking company: who pays, and who gets the confirmations (the contact). */
export const CompanySchema = z
  .object({
    name: text(200, GROUP_MESSAGES.companyName),
    contactName: personNameField(GROUP_MESSAGES.contactName),
    email: emailField(),
    phone: mobileField(),
    address: text(500, GROUP_MESSAGES.address),
    country: CountryCodeSchema,
    taxId: z.preprocess((value) => (typeof value === 'string' ? normaliseTaxId(value) || undefined : value), z.string().max(30).optional()),
    poNumber: optionalText(60),
  })
  .superRefine((company, ctx) => {
    const problem = company.taxId ? taxIdProblem(company.country, company.taxId) : null
    if (problem) ctx.addIssue({code: z.ZodIssueCode.custom, path: ['taxId'], message: problem})
  })
export type Company = z.infer<typeof CompanySchema>

/** POST /api/group-bookings. `currency` as the enrolment form's (USD by default, INR where the course has an INR price). */
export const GroupBookingBodySchema = z.object({
  batchId: BatchIdSchema,
  seats: z
    .number({required_error: GROUP_MESSAGES.seatsMin, invalid_type_error: GROUP_MESSAGES.seatsWhole})
    .int(GROUP_MESSAGES.seatsWhole)
    .min(GROUP_MIN_SEATS, GROUP_MESSAGES.seatsMin)
    .max(GROUP_MAX_SEATS, GROUP_MESSAGES.seatsMax),
  company: CompanySchema,
  payBy: z.enum(PAY_BY, {errorMap: () => ({message: GROUP_MESSAGES.payBy})}),
  currency: z.enum(CURRENCIES).default('USD'),
  termsAccepted: z.boolean({invalid_type_error: TERMS_MESSAGE}).optional().refine(isTermsAccepted, {message: TERMS_MESSAGE}),
})
export type GroupBookingRequest = z.input<typeof GroupBookingBodySchema>
export type GroupBookingBody = z.infer<typeof GroupBookingBodySchema>

/** The booking's page: `/book/group/{bookingId}/{key}`. */
const bookingRef = {bookingId: GroupBookingIdSchema, key: z.string().regex(GROUP_BOOKING_KEY_PATTERN)}

/** 200 of a booking paid by card: the order as create-order answers it, plus the booking's id and key. */
export const GroupCardResponseSchema = CreateOrderResponseSchema.extend(bookingRef)
export type GroupCardResponse = z.infer<typeof GroupCardResponseSchema>

/** 200 of a booking paid by invoice: its pro-forma's number and due date ('YYYY-MM-DD'). */
export const GroupInvoiceResponseSchema = z.object({...bookingRef, proformaNumber: z.string(), dueDate: z.string()})
export type GroupInvoiceResponse = z.infer<typeof GroupInvoiceResponseSchema>

/** Either answer of POST /api/group-bookings. */
export type GroupBookingResponse = GroupCardResponse | GroupInvoiceResponse

/** POST /api/admin/group-bookings/{bookingId}/payment-received at `today`: the amount (minor units), the day it arrived and the bank's reference. */
export const paymentReceivedBodySchema = (today: string) =>
  z
    .object({
      amount: z
        .number({required_error: 'Enter the amount received', invalid_type_error: 'Enter the amount received'})
        .int('Enter the amount in minor units (cents, paise)')
        .positive('Enter the amount received'),
      date: z
        .string({required_error: 'Enter the date the payment arrived'})
        .refine(isIsoDate, 'Enter the date as YYYY-MM-DD')
        .refine((day) => !isIsoDate(day) || day <= today, 'The payment date cannot be in the future'),
      reference: text(100, 'Enter the bank reference'),
    })
    .strict()
export type PaymentReceivedBody = z.infer<ReturnType<typeof paymentReceivedBodySchema>>
export type PaymentReceivedRequest = z.input<ReturnType<typeof paymentReceivedBodySchema>>

/** POST /api/admin/group-bookings/{bookingId}/cancel: an optional reason for the audit log. */
export const CancelGroupBookingBodySchema = z.object({reason: optionalText(500)}).strict()
export type CancelGroupBookingBody = z.infer<typeof CancelGroupBookingBodySchema>

/** An INDoS number: 8 letters and digits (e.g. 05NL1234), upper-cased. */
const INDOS_PATTERN = /^[0-9]{2}[A-Z]{2}[0-9]{4}$/
export const INDOS_MESSAGE = 'Enter the INDoS number as 8 characters, e.g. 05NL1234, or leave it empty'

/** The fields of one delegate, in the CSV's column order. */
export const DELEGATE_FIELDS = ['name', 'email', 'dateOfBirth', 'nationality', 'indos'] as const
export type DelegateField = (typeof DELEGATE_FIELDS)[number]

/** The CSV's header, in DELEGATE_FIELDS order (the columns may come in any order; case and spaces are ignored). */
export const DELEGATE_CSV_HEADER = ['name', 'email', 'date_of_birth', 'nationality', 'indos'] as const

/** The labels of the delegate fields (form and error messages). */
export const DELEGATE_FIELD_LABELS: Readonly<Record<DelegateField, string>> = {
  name: 'Name as on the passport',
  email: 'E-mail',
  dateOfBirth: 'Date of birth',
  nationality: 'Nationality',
  indos: 'INDoS number',
}

/** One delegate at `today` (the provider's day): the name as on the passport, e-mail, date of birth (an age of 16 to 100), nationality and optional INDoS number. */
export const delegateSchema = (today: string) =>
  z.object({
    name: holderNameField(),
    email: emailField().transform((value) => value.toLowerCase()),
    dateOfBirth: dateOfBirthField(today),
    nationality: nationalityField(),
    indos: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase().replace(/\s+/g, '') || undefined : value),
      z.string().regex(INDOS_PATTERN, INDOS_MESSAGE).optional(),
    ),
  })
export type Delegate = z.infer<ReturnType<typeof delegateSchema>>
export type DelegateInput = z.input<ReturnType<typeof delegateSchema>>

/** The delegates page's save at `today`: the named seats, by slot (1 … the booking's seats); a seat left out stays unnamed (or keeps its delegate). */
export const delegatesBodySchema = (today: string) =>
  z.object({
    delegates: z
      .array(z.object({slot: z.number().int().min(1).max(30)}).and(delegateSchema(today)))
      .max(30)
      .superRefine((rows, ctx) => {
        const seen = new Map<string, number>()
        rows.forEach((row, index) => {
          const email = row.email.toLowerCase()
          if (seen.has(email)) ctx.addIssue({code: z.ZodIssueCode.custom, path: [index, 'email'], message: GROUP_MESSAGES.duplicateEmail})
          seen.set(email, index)
        })
      }),
  })
export type DelegatesBody = z.infer<ReturnType<typeof delegatesBodySchema>>

/** Where a group booking stands. */
export const GROUP_BOOKING_STATUSES = ['awaiting-payment', 'overdue', 'paid', 'released', 'cancelled'] as const
export type GroupBookingStatus = (typeof GROUP_BOOKING_STATUSES)[number]
export const GROUP_BOOKING_STATUS_LABELS: Readonly<Record<GroupBookingStatus, string>> = {
  'awaiting-payment': 'Payment due',
  overdue: 'Overdue',
  paid: 'Paid',
  released: 'Released (unpaid)',
  cancelled: 'Cancelled',
}

/** A named seat as the booker sees it. */
export const NamedDelegateSchema = z.object({
  slot: z.number().int(),
  name: z.string(),
  email: z.string(),
  dateOfBirth: z.string(),
  nationality: z.string(),
  indos: z.string().nullable(),
  /** The delegate's enrolment (the order id of their own record). */
  orderId: z.string(),
})
export type NamedDelegate = z.infer<typeof NamedDelegateSchema>

/** What the booking's page shows (the booker, with the key). Money in minor units of `currency`. */
export const GroupBookingViewSchema = z.object({
  bookingId: z.string(),
  status: z.enum(GROUP_BOOKING_STATUSES),
  company: z.object({name: z.string(), contactName: z.string(), email: z.string(), poNumber: z.string().nullable()}),
  courseName: z.string(),
  batch: z.object({id: z.string(), startDate: z.string(), endDate: z.string(), city: z.string(), venue: z.string().nullable()}),
  seats: z.number().int(),
  currency: z.string(),
  unitMinor: z.number().int(),
  subtotalMinor: z.number().int(),
  discountPercent: z.number(),
  discountMinor: z.number().int(),
  totalMinor: z.number().int(),
  payBy: z.enum(PAY_BY),
  proformaNumber: z.string().nullable(),
  dueDate: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** Whether delegates may still be named or changed now (paid, and until 2 days before the start). */
  editable: z.boolean(),
  /** The last day delegates may be changed ('YYYY-MM-DD'). */
  editDeadline: z.string(),
  delegates: z.array(NamedDelegateSchema),
})
export type GroupBookingView = z.infer<typeof GroupBookingViewSchema>

/** A group booking as staff see it on /admin/companies. Money in minor units of `currency`. */
export const AdminGroupBookingSchema = z.object({
  bookingId: z.string(),
  orderId: z.string(),
  company: z.object({
    name: z.string(),
    contactName: z.string(),
    email: z.string(),
    phone: z.string(),
    country: z.string(),
    taxId: z.string().nullable(),
    poNumber: z.string().nullable(),
  }),
  courseName: z.string(),
  batch: z.object({id: z.string(), startDate: z.string(), endDate: z.string(), city: z.string()}),
  seats: z.number().int(),
  named: z.number().int(),
  unnamed: z.number().int(),
  currency: z.string(),
  totalMinor: z.number().int(),
  payBy: z.enum(PAY_BY),
  status: z.enum(GROUP_BOOKING_STATUSES),
  proformaNumber: z.string().nullable(),
  dueDate: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
})
export type AdminGroupBooking = z.infer<typeof AdminGroupBookingSchema>

/** 200 of GET /api/admin/companies: companies (by name) with their bookings (newest first), and the overdue bookings. */
export const CompaniesResponseSchema = z.object({
  companies: z.array(z.object({name: z.string(), country: z.string(), bookings: z.array(AdminGroupBookingSchema)})),
  overdue: z.array(AdminGroupBookingSchema),
})
export type CompaniesResponse = z.infer<typeof CompaniesResponseSchema>
