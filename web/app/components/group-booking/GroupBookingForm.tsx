/**
 * The group booking form of one batch (/book/group?batch={batchId},
 * docs/requirements.md#req-group-bookings): the company (name, contact person, e-mail, phone,
 * billing address, country, tax registration number, PO number), the number of seats
 * (2 … min(seats left, 30)), the currency (USD, or INR where the course has an INR price), paying
 * by card or by invoice (invoice only while a pro-forma can still fall due before the start), and
 * the enrolment form's terms checkbox.
 *
 * The summary follows the form live: unit price, "Group discount (5 %)", total — quoteGroup of
 * schemas/rules/group-booking.ts over the loader's unit price and tiers, the rule the server prices
 * the order with (the body carries no amount). Checked in the browser with the API's own schema
 * (GroupBookingBodySchema, through conform: fields `company.name`, …); the server's refusals show
 * per field (400 details) or in the form's alert (409 "Only {n} seats are left in this batch",
 * payment failures). Submitting: ./useGroupBooking.ts.
 */
import {useForm, type FieldMetadata} from '@conform-to/react'
import {parseWithZod} from '@conform-to/zod'
import {lazy, Suspense, useState, type ReactNode} from 'react'
import {ErrorSummary} from '~/components/form/ErrorSummary'
import {Field, inputClass} from '~/components/form/Field'
import {ShieldIcon} from '~/components/Icons'
import {CurrencyChoice} from '~/components/payment/CurrencyChoice'
import {TermsCheckbox} from '~/components/payment/TermsCheckbox'
import {preloadCheckout} from '~/components/payment/usePayment'
import {GroupBookingBodySchema} from '#schemas/contracts/group-bookings'
import {batchDateRange} from '#schemas/rules/batches'
import {GROUP_MAX_SEATS, GROUP_MESSAGES, GROUP_MIN_SEATS, quoteGroup, taxIdLabel, tierLabel, type DiscountTier} from '#schemas/rules/group-booking'
import {fromMinorUnits, type Currency} from '#schemas/rules/price'
import {invoiceHoldText, moneyOf} from '~/lib/group-booking'
import {useGroupBooking} from './useGroupBooking'

const SandboxCheckout = lazy(() => import('~/components/SandboxCheckout').then((module) => ({default: module.SandboxCheckout})))

export type GroupFormProps = {
  batch: {id: string; courseName: string; courseFullName: string; startDate: string; endDate: string; city: string; venue: string | null}
  left: number
  currencies: ReadonlyArray<{currency: Currency; unitMinor: number}>
  tiers: readonly DiscountTier[]
  invoiceDueDate: string | null
  countries: ReadonlyArray<{code: string; name: string}>
  /** The booking is made: its page (card: after the payment). */
  onBooked: (path: string) => void
  /** The server found fewer seats left than asked: read them again. */
  onSeatsConflict: () => void
}

/** The fields in form order with their labels (the error summary's; the tax number's follows the country). */
const LABELS = {
  'company.name': 'Company name',
  'company.contactName': 'Contact person',
  'company.email': 'E-mail',
  'company.phone': 'Phone',
  'company.address': 'Billing address',
  'company.country': 'Country',
  'company.taxId': 'Tax registration number',
  'company.poNumber': 'PO number',
  seats: 'Number of seats',
  currency: 'Currency',
  payBy: 'Payment',
  termsAccepted: 'Terms',
  batchId: 'Batch',
} as const
type FieldName = keyof typeof LABELS

export function GroupBookingForm({batch, left, currencies, tiers, invoiceDueDate, countries, onBooked, onSeatsConflict}: GroupFormProps) {
  const most = Math.min(left, GROUP_MAX_SEATS)
  const [wanted, setSeats] = useState(GROUP_MIN_SEATS)
  // Never more than are left (after a 409 the page reads the seats left again and they may be fewer).
  const seats = Math.min(wanted, most)
  const [currency, setCurrency] = useState<Currency>(currencies[0]?.currency ?? 'USD')
  const [payBy, setPayBy] = useState<'card' | 'invoice'>('card')
  const [country, setCountry] = useState('')
  const [tried, setTried] = useState(false)
  const {phase, busy, alert, fieldErrors, book, settleSandbox} = useGroupBooking({onBooked, onSeatsConflict})

  const [form, fields] = useForm({
    id: 'group-booking',
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({formData}) => parseWithZod(formData, {schema: GroupBookingBodySchema}),
    onSubmit(event, {submission}) {
      event.preventDefault()
      if (submission?.status === 'success' && !busy) void book(submission.value)
    },
  })
  const company = fields.company.getFieldset()
  const meta: Record<FieldName, FieldMetadata<unknown>> = {
    'company.name': company.name,
    'company.contactName': company.contactName,
    'company.email': company.email,
    'company.phone': company.phone,
    'company.address': company.address,
    'company.country': company.country,
    'company.taxId': company.taxId,
    'company.poNumber': company.poNumber,
    seats: fields.seats,
    currency: fields.currency,
    payBy: fields.payBy,
    termsAccepted: fields.termsAccepted,
    batchId: fields.batchId,
  } as Record<FieldName, FieldMetadata<unknown>>

  // The browser's errors, else (after a refused booking) the server's for the same field.
  const errorsOf = (name: FieldName): string[] | undefined => (meta[name].errors?.length ? meta[name].errors : fieldErrors[name])
  const ids = (name: FieldName) => ({id: meta[name].id, errorId: meta[name].errorId, descriptionId: meta[name].descriptionId, errors: errorsOf(name)})
  /** A control's attributes: id, name, and while it has errors aria-invalid and its error first in aria-describedby (before `hint`). */
  const control = (name: FieldName, {hint, required = false}: {hint?: boolean; required?: boolean} = {}) => {
    const invalid = Boolean(errorsOf(name))
    const describedBy = [invalid ? meta[name].errorId : null, hint ? meta[name].descriptionId : null].filter(Boolean).join(' ')
    return {
      id: meta[name].id,
      name: meta[name].name,
      required: required || undefined,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy || undefined,
      className: inputClass(errorsOf(name), 'enrolment'),
    }
  }

  const unitMinor = currencies.find((option) => option.currency === currency)?.unitMinor ?? currencies[0]?.unitMinor ?? 0
  const quote = quoteGroup(unitMinor, seats, tiers)
  const taxLabel = taxIdLabel(country)
  const seatChoices = Array.from({length: Math.max(0, most - GROUP_MIN_SEATS + 1)}, (_, index) => GROUP_MIN_SEATS + index)

  const summaryErrors = (Object.keys(LABELS) as FieldName[]).flatMap((name) => {
    const message = errorsOf(name)?.[0]
    return message ? [{fieldId: meta[name].id, label: name === 'company.taxId' ? taxLabel : LABELS[name], message}] : []
  })
  const showSummary = !alert && tried && summaryErrors.length > 0

  return (
    <>
      <section className="container-page grid gap-x-10 gap-y-8 py-12 lg:grid-cols-[1fr_22rem]">
        <form
          id={form.id}
          onSubmit={(event) => {
            // The error summary appears once the visitor has tried to book (conform calls onSubmit only for a valid form).
            setTried(true)
            form.onSubmit(event)
          }}
          noValidate
          onFocusCapture={preloadCheckout}
          className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1"
          aria-describedby="group-alert"
        >
          <noscript>
            <p className="rounded-lg bg-amber-50 p-4 text-amber-900">
              Booking online needs JavaScript. Please enable it, or contact us to book for your group.
            </p>
          </noscript>
          <div
            id="group-alert"
            role="alert"
            data-testid="group-alert"
            className={alert || showSummary ? 'rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800' : 'sr-only'}
          >
            {alert ?? (showSummary ? <ErrorSummary id="group-error-summary" live={false} className="" errors={summaryErrors} /> : null)}
          </div>
          <p className="text-sm text-slate-600">
            Fields marked <span aria-hidden="true">*</span>
            <span className="sr-only">with an asterisk</span> are required.
          </p>
          <input type="hidden" name={fields.batchId.name} value={batch.id} />

          <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-6">
            <legend className="px-2 text-lg font-semibold text-navy-900">Your company</legend>
            <Field look="enrolment" label={LABELS['company.name']} field={ids('company.name')} required>
              <input {...control('company.name', {required: true})} type="text" autoComplete="organization" />
            </Field>
            <Field look="enrolment" label={LABELS['company.contactName']} field={ids('company.contactName')} required>
              <input {...control('company.contactName', {required: true})} type="text" autoComplete="name" />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field look="enrolment" label={LABELS['company.email']} field={ids('company.email')} required>
                <input {...control('company.email', {required: true})} type="email" autoComplete="email" spellCheck={false} />
              </Field>
              <Field look="enrolment" label={LABELS['company.phone']} field={ids('company.phone')} required hint="With country code, e.g. +971 50 123 4567">
                <input {...control('company.phone', {required: true, hint: true})} type="tel" autoComplete="tel" />
              </Field>
            </div>
            <Field look="enrolment" label={LABELS['company.address']} field={ids('company.address')} required>
              <textarea {...control('company.address', {required: true})} rows={3} autoComplete="street-address" />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field look="enrolment" label={LABELS['company.country']} field={ids('company.country')} required>
                <select {...control('company.country', {required: true})} value={country} onChange={(event) => setCountry(event.target.value)}>
                  <option value="">Select a country</option>
                  {countries.map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field
                look="enrolment"
                label={taxLabel}
                field={ids('company.taxId')}
                optional
                hint={country === 'IN' ? 'GSTIN: 15 characters' : country === 'AE' ? 'TRN: 15 digits' : undefined}
              >
                <input {...control('company.taxId', {hint: country === 'IN' || country === 'AE'})} type="text" autoComplete="off" spellCheck={false} />
              </Field>
            </div>
            <Field look="enrolment" label={LABELS['company.poNumber']} field={ids('company.poNumber')} optional hint="Printed on the pro-forma and the receipt">
              <input {...control('company.poNumber', {hint: true})} type="text" autoComplete="off" />
            </Field>
          </fieldset>

          <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-6">
            <legend className="px-2 text-lg font-semibold text-navy-900">Seats and payment</legend>
            <Field
              look="enrolment"
              label={LABELS.seats}
              field={ids('seats')}
              required
              hint={
                <>
                  {left} {left === 1 ? 'seat is' : 'seats are'} left in this batch. You name the delegates after booking.
                  {tiers.length ? (
                    <span className="mt-1 block" data-testid="group-tiers">
                      Group discounts: {tiers.map(tierLabel).join('; ')}
                    </span>
                  ) : null}
                </>
              }
            >
              {/* Always has a value (no placeholder option): required for assistive technology only, as HTML forbids `required` here. */}
              <select {...control('seats', {hint: true})} aria-required="true" value={seats} onChange={(event) => setSeats(Number(event.target.value))}>
                {seatChoices.map((count) => (
                  <option key={count} value={count}>
                    {count} seats
                  </option>
                ))}
              </select>
            </Field>
            <CurrencyChoice
              name={fields.currency.name}
              options={currencies.map((option) => ({currency: option.currency, amount: fromMinorUnits(option.unitMinor)}))}
              value={currency}
              onChange={setCurrency}
              errorId={fields.currency.errorId}
              errors={errorsOf('currency')}
            />
            <fieldset className="space-y-2" aria-describedby={errorsOf('payBy') ? fields.payBy.errorId : undefined}>
              <legend className="block text-sm font-medium text-navy-900">Payment</legend>
              <div className="grid gap-3 sm:grid-cols-2">
                <PayByOption name={fields.payBy.name} value="card" checked={payBy === 'card'} onChange={setPayBy} label="Pay by card" />
                {invoiceDueDate ? (
                  <PayByOption name={fields.payBy.name} value="invoice" checked={payBy === 'invoice'} onChange={setPayBy} label="Pay by invoice" />
                ) : null}
              </div>
              <p className="text-xs text-slate-600" data-testid="pay-by-note">
                {invoiceDueDate ? invoiceHoldText(invoiceDueDate) : GROUP_MESSAGES.invoiceTooLate}
              </p>
              <p id={fields.payBy.errorId} className="text-sm font-medium text-red-700 empty:hidden">
                {errorsOf('payBy')?.[0]}
              </p>
            </fieldset>
          </fieldset>

          <TermsCheckbox field={{...ids('termsAccepted'), name: fields.termsAccepted.name, formId: form.id, required: true}} disabled={busy} />
        </form>

        <aside
          aria-labelledby="group-summary-heading"
          className="h-fit rounded-2xl bg-navy-900 p-6 text-white lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="group-summary-heading" className="text-lg font-bold">
            Summary
          </h2>
          <dl className="mt-4 space-y-3 text-sm" data-testid="group-summary">
            <DarkRow term="Course">{batch.courseName}</DarkRow>
            <DarkRow term="Dates">{batchDateRange(batch)}</DarkRow>
            <DarkRow term="Place">{[batch.city, batch.venue].filter(Boolean).join(' · ')}</DarkRow>
            <DarkRow term="Seats" testId="summary-seats">
              {seats}
            </DarkRow>
            <DarkRow term="Unit price" testId="summary-unit">
              {moneyOf(quote.unitMinor, currency)}
            </DarkRow>
            {quote.discountPercent > 0 ? (
              <DarkRow term={`Group discount (${quote.discountPercent} %)`} testId="summary-discount">
                −{moneyOf(quote.discountMinor, currency)}
              </DarkRow>
            ) : null}
            <div className="border-t border-white/15 pt-3">
              <dt className="text-slate-300">Total</dt>
              <dd className="text-2xl font-bold text-brass-300" data-testid="summary-total">
                {moneyOf(quote.totalMinor, currency)}
              </dd>
            </div>
          </dl>
          {tiers.length ? (
            <ul className="mt-4 space-y-1 text-xs text-slate-300" aria-label="Group discounts">
              {tiers.map((tier) => (
                <li key={tier.minSeats}>{tierLabel(tier)}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-4 text-xs text-slate-300">The amount is confirmed by us when you book; nothing is charged before.</p>
        </aside>

        <div className="flex flex-col gap-3 sm:flex-row sm:items-center lg:col-start-1 lg:row-start-2">
          <button
            type="submit"
            form={form.id}
            onFocus={preloadCheckout}
            className="btn-primary min-w-48 px-8 text-base"
            disabled={busy}
            aria-describedby="group-pay-note"
          >
            {busy ? 'Processing...' : payBy === 'invoice' ? 'Book and get the pro-forma' : `Pay ${moneyOf(quote.totalMinor, currency)}`}
          </button>
          <p id="group-pay-note" className="flex items-center gap-2 text-sm text-slate-600">
            <ShieldIcon width={18} height={18} />{' '}
            {payBy === 'invoice' ? 'We e-mail the pro-forma with our bank details.' : 'Card payment by Razorpay. We never see your card details.'}
          </p>
        </div>
      </section>

      {phase.kind === 'sandbox' ? (
        <Suspense fallback={null}>
          <SandboxCheckout order={phase.order} courseName={`${batch.courseName} × ${seats} seats`} onDone={settleSandbox} />
        </Suspense>
      ) : null}
    </>
  )
}

/** A line of the dark summary: the term on the left, its value on the right. */
function DarkRow({term, testId, children}: {term: string; testId?: string; children: ReactNode}) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4">
      <dt className="text-slate-300">{term}</dt>
      <dd className="text-right font-semibold break-words" data-testid={testId}>
        {children}
      </dd>
    </div>
  )
}

/** One way to pay, a radio button in a bordered box (the currency choice's look). */
function PayByOption({
  name,
  value,
  checked,
  onChange,
  label,
}: {
  name: string
  value: 'card' | 'invoice'
  checked: boolean
  onChange: (value: 'card' | 'invoice') => void
  label: string
}) {
  const id = `${name}-${value}`
  return (
    <label
      htmlFor={id}
      className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 ${checked ? 'border-ocean-600 bg-ocean-50' : 'border-slate-300 bg-white'}`}
    >
      <input id={id} type="radio" name={name} value={value} checked={checked} onChange={() => onChange(value)} className="h-4 w-4 accent-ocean-600" />
      <span className="font-medium text-navy-900">{label}</span>
    </label>
  )
}
