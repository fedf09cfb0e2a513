/**
 * Enrolment and payment (/payment, docs/requirements.md#req-payment, #req-states-enrolment, #req-validation-enrolment, #req-calls, #req-errors).
 *
 * The form is prefilled from the query (training, course, category, country; price and amount
 * are never trusted), follows the program → course → country rules, and always shows the
 * catalogue amount (schemas/rules/enrolment.ts, the same rule the order function applies).
 * Submitting: validate (the shared zod schema, components/payment/useEnrolmentForm.ts) → 'Processing...' → create the order
 * → checkout (Razorpay, or the sandbox dialog) → save → the confirmation page (routes/enrolment.confirmation.$orderId.$key.tsx, 'Enrollment successful! …'; those
 * steps: usePayment in web/app/components/payment/usePayment.ts).
 * Every failure shows the spec's message in an alert next to the form, never window.alert.
 *
 * Dates (docs/requirements.md#req-batches-form): the loader reads the open upcoming
 * batches (ENROLMENT_BATCHES_QUERY) of the course the query prefills, and only those travel with
 * the page; another course's come from GET /payment/batches when it is chosen
 * (lib/course-batches.ts). For a chosen course with batches the form requires one (a
 * select: date range, city, class size, then the seats left once GET /api/batches/availability
 * answers; a full batch is disabled, or, when it is the one chosen, explained with its waitlist),
 * `batch` in the query preselects it; a course without batches says "Dates on request". The batch
 * travels with create-order as `batchId`; a 409 'This batch is full' shows that message and the
 * waitlist (components/payment/Waitlist.tsx).
 *
 * Currency (docs/requirements.md#req-inr): a course whose content has an INR price
 * offers "Pay in USD" / "Pay in INR" (components/payment/CurrencyChoice.tsx); the amount, the Pay
 * button and the summary follow the chosen currency, which travels with create-order as `currency`.
 * The terms checkbox before Pay (components/payment/TermsCheckbox.tsx,
 * docs/requirements.md#req-terms; create-order gets `termsAccepted: true`); after a refused submit
 * the alert lists every field error linked to its field (components/form/ErrorSummary.tsx,
 * SUMMARY_LABELS); required fields are marked; Pay comes after the order summary in the markup, so
 * on a phone the amount and the non-refundable notice are read first (#req-checkout-errors).
 *
 * Speed (docs/performance.md, a phone on a slow network): the form's first paint and hydration
 * carry only what they show. The check (components/payment/enrolment-check.ts: zod, the schemas
 * and conform's zod integration) and the checkout calls load on the first focus, pointer or key
 * event in the form (useEnrolmentForm), and a submit waits for them and for the chosen course's
 * batches; the document upload, the sandbox dialog and the waitlist load when shown.
 */
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {Link, useLoaderData, useNavigate} from '@remix-run/react'
import {lazy, Suspense, useRef, useState} from 'react'
import {ErrorSummary} from '~/components/form/ErrorSummary'
import {Field, inputClass} from '~/components/form/Field'
import {ShieldIcon} from '~/components/Icons'
import {PageHero} from '~/components/PageHero'
import type {UploadedDocument} from '~/components/DocumentUpload'
import {CurrencyChoice} from '~/components/payment/CurrencyChoice'
import {controlProps, useEnrolmentForm} from '~/components/payment/useEnrolmentForm'
import {usePayment} from '~/components/payment/usePayment'
import {TermsCheckbox} from '~/components/payment/TermsCheckbox'
import {InstallmentSchedule as ServerInstallmentSchedule} from '~/components/payment/InstallmentSchedule'
import {batchDateRange, batchesForCourse, batchOptionLabel, DATES_ON_REQUEST, isFull, providerToday} from '#schemas/rules/batches'
import {useBatchAvailability} from '~/lib/batch-availability'
import {COURSE_BATCHES_FAILED, useCourseBatches} from '~/lib/course-batches'
import {
  countryOptions,
  courseOptions,
  currencyOptions,
  ENROLMENT_REQUIRED,
  needsCountry,
  prefillFromQuery,
  programOptions,
  quote,
} from '#schemas/rules/enrolment'
import {ALLOWED_TYPES_TEXT, MAX_DOCUMENT_MB, MAX_DOCUMENTS} from '#schemas/rules/documents'
import {formatMoney} from '#schemas/rules/format'
import type {Currency} from '#schemas/rules/price'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {fetchContent} from '#netlify/platform/content/client'
import {pageMeta} from '~/lib/meta'
import {ENROLMENT_BATCHES_QUERY, ENROLMENT_CATALOGUE_QUERY} from '#netlify/platform/content/queries'
import {noStoreRouteHeaders} from '#netlify/platform/cache'

// Loaded only when shown (cadetship documents; the sandbox dialog after submit; the waitlist of a
// full batch), so the form's first paint does not wait for their code on a slow connection
// (docs/performance.md).
const DocumentUpload = lazy(() => import('~/components/DocumentUpload').then((module) => ({default: module.DocumentUpload})))
const SandboxCheckout = lazy(() => import('~/components/SandboxCheckout').then((module) => ({default: module.SandboxCheckout})))
const Waitlist = lazy(() => import('~/components/payment/Waitlist').then((module) => ({default: module.Waitlist})))
// The cadetship's installment schedule: rendered at once on the server (so the page shows it, also
// without JavaScript), loaded in the browser only when the cadetship is chosen; until then the
// server's markup stays as it is (a suspended boundary keeps it during hydration).
const InstallmentSchedule = import.meta.env.SSR
  ? ServerInstallmentSchedule
  : lazy(() => import('~/components/payment/InstallmentSchedule').then((module) => ({default: module.InstallmentSchedule})))

export async function loader({request}: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams
  const [catalogue, allBatches] = await Promise.all([
    fetchContent(ENROLMENT_CATALOGUE_QUERY),
    fetchContent(ENROLMENT_BATCHES_QUERY, {today: providerToday(new Date())}),
  ])
  const prefill = prefillFromQuery(catalogue, query)
  // Only the prefilled course's batches travel with the page (the form fetches another course's).
  const batches = batchesForCourse(allBatches, prefill)
  // `batch` preselects one of them (any other id is ignored).
  const wanted = query.get('batch') ?? ''
  const batchId = batches.some((batch) => batch._id === wanted) ? wanted : ''
  return {catalogue, batches, prefill: {...prefill, batchId}}
}

/** The prefill query (training, course, …) makes endless variants of one form: the canonical drops it. */
export const meta: MetaFunction<typeof loader> = ({matches}) =>
  pageMeta(matches, {title: 'Enroll Now', description: 'Enrol in a maritime training course and pay securely online by card.', path: '/payment'})

/**
 * The controls marked `required`: the required fields (ENROLMENT_REQUIRED, whose absence the
 * schema reports in a refinement) and the terms (docs/requirements.md#req-terms). Of the schema's constraints only this
 * one reaches the controls: a maxlength would cut typing short where the schema answers with its
 * message.
 */
const REQUIRED = [...Object.keys(ENROLMENT_REQUIRED), 'termsAccepted']

/**
 * The error summary's field names, in form order (every field error is listed, linked to
 * its field). A field added to the form with errors of its own belongs here too.
 */
const SUMMARY_LABELS = {
  name: 'Full name',
  email: 'Email',
  mobile: 'Mobile',
  trainingProgram: 'Training program',
  course: 'Course',
  country: 'Country',
  amount: 'Amount',
  currency: 'Currency',
  batchId: 'Date and location',
  termsAccepted: 'Terms',
} as const

export default function Payment() {
  const {catalogue, batches, prefill} = useLoaderData<typeof loader>()
  const [program, setProgram] = useState(prefill.trainingProgram)
  const [course, setCourse] = useState(prefill.course)
  const [country, setCountry] = useState(prefill.country)
  const [batchId, setBatchId] = useState(prefill.batchId)
  const [currency, setCurrency] = useState<Currency>('USD')
  const batchSelect = useRef<HTMLSelectElement>(null)
  const [attachments, setAttachments] = useState<UploadedDocument[]>([])
  const [uploading, setUploading] = useState(false)
  const navigate = useNavigate()
  // After the payment the browser goes to the enrolment's confirmation page, at the top.
  const {phase, busy, alert, fullBatchId, pay, settleSandbox, clearFullBatch} = usePayment({
    catalogue,
    attachments,
    onPaid: ({saveResult}) => navigate(saveResult.confirmationUrl),
  })

  const current = program && course ? quote(catalogue, {trainingProgram: program, course, country}) : null
  // docs/requirements.md#req-inr: USD, or INR where the course's content has an INR price.
  const currencies = program && course ? currencyOptions(catalogue, {trainingProgram: program, course, country}) : []
  const payIn = currencies.find((option) => option.currency === currency) ?? currencies[0] ?? null
  const amount = payIn?.amount ?? null
  const payCurrency = payIn?.currency ?? 'USD'
  const onRequest = current && !current.ok && current.reason === 'contact-for-pricing'
  const countryEnabled = needsCountry(program) && Boolean(course)
  const courseBatches = useCourseBatches({trainingProgram: program, course}, {selection: prefill, batches})
  // null while the chosen course's batches load (or could not be loaded): neither a select nor "Dates on request" yet.
  const offered = courseBatches.offered ?? []
  const availability = useBatchAvailability(offered.map((batch) => batch._id))
  const chosenBatch = offered.find((batch) => batch._id === batchId) ?? null
  // The waitlist is offered for the batch create-order found full, or for a chosen batch the live count shows full.
  const waitlistBatch = offered.find((batch) => batch._id === fullBatchId) ?? (chosenBatch && isFull(availability?.[chosenBatch._id]) ? chosenBatch : null)

  const selection = {trainingProgram: program, course}
  const {formProps, fields, problem, clearProblem, warmUp, valueOf} = useEnrolmentForm({
    id: 'enrolment',
    names: Object.keys(SUMMARY_LABELS) as Array<keyof typeof SUMMARY_LABELS>,
    required: REQUIRED,
    context: () => ({catalogue, batchesOf: courseBatches.batchesOf, availability}),
    // A submit waits for the chosen course's batches (the check requires one of them when there are any).
    ready: () => courseBatches.batchesOf(selection) !== null,
    prepare: () => courseBatches.load(selection).then((list) => (list ? null : COURSE_BATCHES_FAILED)),
    onValid: (value) => void pay(value),
  })

  // After a refused submit, every field error (in form order) is listed in the alert, each linked
  // to its field (docs/requirements.md#req-checkout-errors); a payment failure replaces it.
  const summaryErrors = (Object.keys(SUMMARY_LABELS) as Array<keyof typeof SUMMARY_LABELS>).flatMap((name) => {
    const message = fields[name].errors?.[0]
    return message ? [{fieldId: fields[name].id, label: SUMMARY_LABELS[name], message}] : []
  })
  // A payment failure, or a submit that could not be checked (useEnrolmentForm), replaces the summary.
  const notice = alert ?? problem
  const showSummary = !notice && summaryErrors.length > 0

  const programChoices = programOptions(catalogue)
  const courseChoices = program ? courseOptions(catalogue, program) : []
  const countryChoices = countryOptions(catalogue)

  return (
    <>
      <PageHero
        eyebrow="Enroll Now"
        title="Enrol and pay online"
        lead="Choose your program and course, tell us who you are, and pay securely by card. Our team contacts you within 24 hours of payment."
      />

      <section className="container-page grid gap-x-10 gap-y-8 py-12 lg:grid-cols-[1fr_22rem]">
        <div className="min-w-0 space-y-6 lg:col-start-1 lg:row-start-1">
          {waitlistBatch ? (
            <Suspense
              fallback={
                <p role="status" className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-navy-900">
                  Loading the waitlist…
                </p>
              }
            >
              <Waitlist
                key={waitlistBatch._id}
                batchId={waitlistBatch._id}
                batchLabel={[batchDateRange(waitlistBatch), waitlistBatch.city].filter(Boolean).join(' · ')}
                defaults={{name: valueOf('name'), email: valueOf('email'), mobile: valueOf('mobile')}}
                onChooseAnother={() => {
                  setBatchId('')
                  clearFullBatch()
                  batchSelect.current?.focus()
                }}
              />
            </Suspense>
          ) : null}
          <form {...formProps} method="post" className="space-y-6" aria-describedby="enrolment-alert">
            <noscript>
              <p className="rounded-lg bg-amber-50 p-4 text-amber-900">Online payment needs JavaScript. Please enable it, or contact us to enrol.</p>
            </noscript>
            <div
              id="enrolment-alert"
              role="alert"
              className={notice || showSummary ? 'rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800' : 'sr-only'}
            >
              {notice ?? (showSummary ? <ErrorSummary id="enrolment-error-summary" live={false} className="" errors={summaryErrors} /> : null)}
            </div>
            <p className="text-sm text-slate-600" data-testid="required-note">
              Fields marked <span aria-hidden="true">*</span>
              <span className="sr-only">with an asterisk</span> are required.
            </p>

            <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-6">
              <legend className="px-2 text-lg font-semibold text-navy-900">Your details</legend>
              <Field look="enrolment" label="Full name" field={fields.name} required>
                <input {...controlProps(fields.name)} type="text" autoComplete="name" className={inputClass(fields.name.errors, 'enrolment')} />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field look="enrolment" label="Email" field={fields.email} required>
                  <input {...controlProps(fields.email)} type="email" autoComplete="email" className={inputClass(fields.email.errors, 'enrolment')} />
                </Field>
                <Field look="enrolment" label="Mobile" field={fields.mobile} required hint="With country code, e.g. +971 50 123 4567">
                  <input
                    {...controlProps(fields.mobile, {ariaDescribedBy: fields.mobile.descriptionId})}
                    type="tel"
                    autoComplete="tel"
                    className={inputClass(fields.mobile.errors, 'enrolment')}
                  />
                </Field>
              </div>
            </fieldset>

            <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-6">
              <legend className="px-2 text-lg font-semibold text-navy-900">Your course</legend>
              <Field look="enrolment" label="Training program" field={fields.trainingProgram} required>
                <select
                  {...controlProps(fields.trainingProgram)}
                  value={program}
                  className={inputClass(fields.trainingProgram.errors, 'enrolment')}
                  onChange={(event) => {
                    // docs/requirements.md#req-states-enrolment: changing the program resets course, country and amount.
                    setProgram(event.target.value)
                    setCourse('')
                    setCountry('')
                    setBatchId('')
                    setAttachments([])
                  }}
                >
                  <option value="">Select a training program</option>
                  {programChoices.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </Field>
              <Field look="enrolment" label="Course" field={fields.course} required>
                <select
                  {...controlProps(fields.course)}
                  value={course}
                  disabled={!program}
                  className={inputClass(fields.course.errors, 'enrolment')}
                  onChange={(event) => {
                    setCourse(event.target.value)
                    setCountry('')
                    setBatchId('')
                  }}
                >
                  <option value="">{program ? 'Select a course' : 'Choose a program first'}</option>
                  {courseChoices.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  look="enrolment"
                  label="Country"
                  field={fields.country}
                  required={countryEnabled}
                  hint={needsCountry(program) ? 'The flag administration issuing your certificate' : 'Only for competency training'}
                >
                  <select
                    {...controlProps(fields.country, {ariaDescribedBy: fields.country.descriptionId})}
                    value={country}
                    disabled={!countryEnabled}
                    required={countryEnabled}
                    className={inputClass(fields.country.errors, 'enrolment')}
                    onChange={(event) => setCountry(event.target.value)}
                  >
                    <option value="">{countryEnabled ? 'Select a country' : 'Not applicable'}</option>
                    {countryChoices.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field look="enrolment" label={`Amount (${payCurrency})`} field={fields.amount} hint="Set by the course you choose">
                  <input
                    {...controlProps(fields.amount, {ariaDescribedBy: fields.amount.descriptionId})}
                    type="number"
                    step="0.01"
                    min="0"
                    readOnly
                    value={amount ?? ''}
                    className={`${inputClass(fields.amount.errors, 'enrolment')} bg-slate-50`}
                  />
                </Field>
              </div>
              <CurrencyChoice
                name={fields.currency.name}
                options={currencies}
                value={payCurrency}
                onChange={setCurrency}
                errorId={fields.currency.errorId}
                errors={fields.currency.errors}
              />
              {courseBatches.offered === null ? (
                <>
                  <input type="hidden" name={fields.batchId.name} value="" />
                  {courseBatches.failed ? (
                    <p className="rounded-lg bg-slate-50 p-4 text-navy-900" data-testid="dates-failed">
                      {COURSE_BATCHES_FAILED}{' '}
                      <button
                        type="button"
                        className="font-semibold text-ocean-600 underline"
                        onClick={() => {
                          clearProblem()
                          void courseBatches.load(selection)
                        }}
                      >
                        Try again
                      </button>
                    </p>
                  ) : (
                    <p role="status" className="rounded-lg bg-slate-50 p-4 text-slate-600" data-testid="dates-loading">
                      Loading the dates of this course…
                    </p>
                  )}
                </>
              ) : offered.length ? (
                <Field
                  look="enrolment"
                  label="Date and location"
                  field={fields.batchId}
                  required
                  hint="Seats left are updated live; a full date can be joined on its waitlist."
                >
                  <select
                    {...controlProps(fields.batchId, {ariaDescribedBy: fields.batchId.descriptionId})}
                    ref={batchSelect}
                    value={batchId}
                    required
                    className={inputClass(fields.batchId.errors, 'enrolment')}
                    onChange={(event) => {
                      setBatchId(event.target.value)
                      clearFullBatch()
                    }}
                  >
                    <option value="">Select a date</option>
                    {offered.map((batch) => (
                      <option
                        key={batch._id}
                        value={batch._id}
                        disabled={isFull(availability?.[batch._id]) && batch._id !== batchId}
                        data-testid="batch-option"
                      >
                        {batchOptionLabel(batch, availability?.[batch._id])}
                      </option>
                    ))}
                  </select>
                </Field>
              ) : course && !onRequest ? (
                <p className="rounded-lg bg-slate-50 p-4 text-navy-900" data-testid="dates-on-request">
                  <strong>{DATES_ON_REQUEST}</strong>: after your payment our team contacts you to arrange the date and place of your course.
                </p>
              ) : (
                <input type="hidden" name={fields.batchId.name} value="" />
              )}
              {onRequest ? (
                <p className="rounded-lg bg-ocean-50 p-4 text-navy-900" data-testid="contact-for-pricing">
                  This course is priced on request and cannot be paid online.{' '}
                  <Link to="/contact" className="font-semibold text-ocean-600 underline">
                    Contact us
                  </Link>{' '}
                  for a quote.
                </p>
              ) : null}
            </fieldset>

            {program === CADETSHIP_TRAINING ? (
              <fieldset className="space-y-4 rounded-2xl border border-slate-200 p-6">
                <legend className="px-2 text-lg font-semibold text-navy-900">Documents (optional)</legend>
                <p className="text-sm text-slate-600">
                  Attach up to {MAX_DOCUMENTS} files: passport, certificates, academic records. {ALLOWED_TYPES_TEXT}, {MAX_DOCUMENT_MB} MB each.
                </p>
                <Suspense fallback={<p className="text-sm text-slate-500">Loading the document upload…</p>}>
                  <DocumentUpload onChange={setAttachments} onBusyChange={setUploading} disabled={busy} />
                </Suspense>
              </fieldset>
            ) : null}

            <TermsCheckbox field={fields.termsAccepted} disabled={busy} />
          </form>
        </div>

        <aside
          aria-labelledby="summary-heading"
          className="h-fit rounded-2xl bg-navy-900 p-6 text-white lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1"
        >
          <h2 id="summary-heading" className="text-lg font-bold">
            Summary
          </h2>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="text-slate-300">Program</dt>
              <dd className="font-semibold">{programChoices.find((p) => p.value === program)?.label ?? '—'}</dd>
            </div>
            <div>
              <dt className="text-slate-300">Course</dt>
              <dd className="font-semibold">{current?.ok ? current.courseName : course || '—'}</dd>
            </div>
            {offered.length || course ? (
              <div>
                <dt className="text-slate-300">Date</dt>
                <dd className="font-semibold" data-testid="summary-date">
                  {chosenBatch
                    ? [batchDateRange(chosenBatch), chosenBatch.city].filter(Boolean).join(' · ')
                    : offered.length || courseBatches.offered === null
                      ? '—'
                      : DATES_ON_REQUEST}
                </dd>
              </div>
            ) : null}
            {current?.ok && current.countryName ? (
              <div>
                <dt className="text-slate-300">Country</dt>
                <dd className="font-semibold">{current.countryName}</dd>
              </div>
            ) : null}
            <div className="border-t border-white/15 pt-3">
              <dt className="text-slate-300">Amount due</dt>
              <dd className="text-2xl font-bold text-brass-300" data-testid="amount-due">
                {amount !== null ? formatMoney(amount, payCurrency) : '—'}
              </dd>
            </div>
          </dl>
          {/* The cadetship is paid in installments (docs/requirements.md#req-installments). */}
          {program === CADETSHIP_TRAINING ? (
            <Suspense fallback={null}>
              <InstallmentSchedule installments={catalogue.cadetship?.installments} tone="dark" />
            </Suspense>
          ) : null}
          <p className="mt-4 text-xs text-slate-300">
            Payments are final and non-refundable; see our{' '}
            <Link to="/refund" className="underline">
              refund policy
            </Link>
            .
          </p>
        </aside>
        {/* After the summary in the markup (and so in reading and keyboard order): on a phone the amount and the
            non-refundable notice come before Pay (docs/requirements.md#req-checkout-errors). */}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center lg:col-start-1 lg:row-start-2">
          <button
            type="submit"
            form={formProps.id}
            onFocus={warmUp}
            onPointerDown={warmUp}
            className="btn-primary min-w-48 px-8 text-base"
            disabled={busy || uploading || Boolean(onRequest)}
            aria-describedby="pay-note"
          >
            {busy ? 'Processing...' : amount !== null ? `Pay ${formatMoney(amount, payCurrency)}` : 'Proceed to payment'}
          </button>
          <p id="pay-note" className="flex items-center gap-2 text-sm text-slate-600">
            <ShieldIcon width={18} height={18} />{' '}
            {uploading ? 'Waiting for your documents to finish uploading.' : 'Card payment by Razorpay. We never see your card details.'}
          </p>
        </div>
      </section>

      {phase.kind === 'sandbox' ? (
        <Suspense fallback={null}>
          <SandboxCheckout order={phase.order} courseName={phase.courseName} onDone={settleSandbox} />
        </Suspense>
      ) : null}
    </>
  )
}

/** Personal or transactional: never stored by browsers or the CDN (lib/cache.server.ts). */
export const headers = noStoreRouteHeaders
