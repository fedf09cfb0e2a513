/**
 * A group booking's page (/book/group/{bookingId}/{key}, docs/requirements.md#req-group-bookings):
 * where the booker lands after booking and where the confirmation e-mails link. `key` is the
 * booking's 128-bit key: a wrong one, another booking's, or an unknown booking is 404.
 * Personal: `Cache-Control: no-store`, `noindex`, and no referrer carries the key to another site.
 *
 * Shows where the booking stands, the company, course, dates, venue, seats and price lines; for a
 * booking paid by invoice the pro-forma's number, due date and "Download the pro-forma (PDF)";
 * once paid the receipt number. Then the delegates:
 * - while they may be changed (paid, until 2 days before the start): one row per seat (name as on
 *   the passport, e-mail, date of birth, nationality, INDoS number), prefilled with the named
 *   delegates, "Save delegates" (the filled rows; errors shown on their row and field), and
 *   "Upload a CSV" with the columns name,email,date_of_birth,nationality,indos (all rows or none;
 *   the refusal names the row and column). Both are plain form posts to this route's action
 *   (pages/group-booking.server.ts delegatesAction): they work without JavaScript too;
 * - otherwise the named delegates, read-only, and why they cannot be changed.
 */
import {data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction} from '@remix-run/node'
import {Form, useActionData, useLoaderData, useNavigation} from '@remix-run/react'
import {useRef} from 'react'
import {PageHero} from '~/components/PageHero'
import {Field, inputClass} from '~/components/form/Field'
import {
  DELEGATE_CSV_HEADER,
  DELEGATE_FIELD_LABELS,
  DELEGATE_FIELDS,
  GROUP_BOOKING_STATUS_LABELS,
  type DelegateField,
  type GroupBookingView,
  type NamedDelegate,
} from '#schemas/contracts/group-bookings'
import {batchDateRange, batchDayLabel} from '#schemas/rules/batches'
import {GROUP_MESSAGES} from '#schemas/rules/group-booking'
import {noStoreRouteHeaders} from '#netlify/platform/cache'
import {delegateFieldName, moneyOf} from '~/lib/group-booking'
import {pageMeta} from '~/lib/meta'
import {useFocusOnArrival} from '~/lib/use-focus-on-arrival'
import {bookingPage, delegatesAction, privateHeaders, type DelegatesActionData} from '~/pages/group-booking.server'

export async function loader({params}: LoaderFunctionArgs) {
  return data(await bookingPage(params), {headers: privateHeaders()})
}

export async function action({request, params}: ActionFunctionArgs) {
  const {status, body} = await delegatesAction(request, params)
  return data(body, {status, headers: privateHeaders()})
}

export const headers = noStoreRouteHeaders

export const meta: MetaFunction<typeof loader> = ({matches}) => [
  ...pageMeta(matches, {title: 'Your group booking', description: 'Your group booking and its delegates.', robots: 'noindex, nofollow'}),
  // No referrer leaves the site with the key; same-origin (not no-referrer, which makes a form post's Origin "null") lets
  // the delegates form post to this page without JavaScript past the cross-origin check of lib/request-guard.server.ts.
  {name: 'referrer', content: 'same-origin'},
]

/** The CSV template: its header row (the columns in order). */
const CSV_TEMPLATE_URL = `data:text/csv;charset=utf-8,${encodeURIComponent(`${DELEGATE_CSV_HEADER.join(',')}\r\n`)}`

/** The input type of each delegate field. */
const INPUT_TYPES: Record<DelegateField, {type: string; autoComplete: string}> = {
  name: {type: 'text', autoComplete: 'off'},
  email: {type: 'email', autoComplete: 'off'},
  dateOfBirth: {type: 'date', autoComplete: 'off'},
  nationality: {type: 'text', autoComplete: 'off'},
  indos: {type: 'text', autoComplete: 'off'},
}

export default function GroupBooking() {
  const {view, proformaUrl} = useLoaderData<typeof loader>()
  const headingRef = useRef<HTMLHeadingElement>(null)
  useFocusOnArrival(headingRef)
  const paid = view.status === 'paid'
  const batchText = [batchDateRange(view.batch), view.batch.city].filter(Boolean).join(' · ')

  const facts: Array<[string, string, string]> = [
    ['Status', GROUP_BOOKING_STATUS_LABELS[view.status], 'status'],
    ['Company', view.company.name, 'company'],
    ['Contact person', `${view.company.contactName} · ${view.company.email}`, 'contact'],
    ...(view.company.poNumber ? ([['PO number', view.company.poNumber, 'po']] as Array<[string, string, string]>) : []),
    ['Course', view.courseName, 'course'],
    ['Dates', batchDateRange(view.batch), 'dates'],
    ['Venue', [view.batch.city, view.batch.venue].filter(Boolean).join(' · '), 'venue'],
    ['Seats', String(view.seats), 'seats'],
  ]

  return (
    <>
      <PageHero eyebrow="Group booking" title={`${view.courseName} for ${view.company.name}`} lead={batchText} headingRef={headingRef} />
      <section className="container-page max-w-4xl space-y-8 py-8 sm:py-12">
        <section aria-labelledby="booking-heading" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="booking-heading" className="text-lg font-semibold text-navy-900">
            Your booking
          </h2>
          <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
            {facts.map(([term, value, id]) => (
              <div key={term} className="contents">
                <dt className="text-sm text-slate-600">{term}</dt>
                <dd className="font-medium break-words text-navy-900" data-testid={`booking-${id}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <PriceLines view={view} />
          {view.payBy === 'invoice' ? <Proforma view={view} proformaUrl={proformaUrl} /> : null}
          {view.receiptNumber ? (
            <p className="mt-4 text-sm text-slate-700">
              Receipt number{' '}
              <strong className="text-navy-900" data-testid="booking-receipt-number">
                {view.receiptNumber}
              </strong>{' '}
              (e-mailed to {view.company.email})
            </p>
          ) : null}
        </section>

        <section aria-labelledby="delegates-heading" className="rounded-2xl border border-slate-200 p-6">
          <h2 id="delegates-heading" className="text-lg font-semibold text-navy-900">
            Delegates
          </h2>
          <p className="mt-1 text-sm text-slate-600" data-testid="delegates-count">
            {view.delegates.length} of {view.seats} seats named
          </p>
          {view.editable ? (
            <EditDelegates view={view} />
          ) : (
            <>
              <p className="mt-4 rounded-lg bg-slate-50 p-4 text-navy-900" data-testid="delegates-locked">
                {lockedReason(view, paid)}
              </p>
              <DelegateList delegates={view.delegates} />
            </>
          )}
        </section>
      </section>
    </>
  )
}

/** Why the delegates cannot be changed now. */
function lockedReason(view: GroupBookingView, paid: boolean): string {
  if (view.status === 'cancelled') return GROUP_MESSAGES.closed
  if (view.status === 'released') return 'The pro-forma was not paid by its due date: the seats were released.'
  if (!paid) return GROUP_MESSAGES.notPaid
  return `${GROUP_MESSAGES.editClosed} Changes were possible until ${batchDayLabel(view.editDeadline)}.`
}

/** Unit price × seats, the group discount and the total. */
function PriceLines({view}: {view: GroupBookingView}) {
  return (
    <dl className="mt-5 space-y-2 border-t border-slate-200 pt-4 text-sm" data-testid="booking-price">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-600">
          {view.seats} seats × {moneyOf(view.unitMinor, view.currency)}
        </dt>
        <dd className="font-medium text-navy-900">{moneyOf(view.subtotalMinor, view.currency)}</dd>
      </div>
      {view.discountPercent > 0 ? (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Group discount ({view.discountPercent} %)</dt>
          <dd className="font-medium text-navy-900">−{moneyOf(view.discountMinor, view.currency)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
        <dt className="font-semibold text-navy-900">Total</dt>
        <dd className="font-bold text-navy-900" data-testid="booking-total">
          {moneyOf(view.totalMinor, view.currency)}
        </dd>
      </div>
    </dl>
  )
}

/** The pro-forma of a booking paid by invoice: its number, due date and PDF. */
function Proforma({view, proformaUrl}: {view: GroupBookingView; proformaUrl: string | null}) {
  return (
    <div className="mt-5 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 rounded-xl bg-ocean-50 px-4 py-3">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Pro-forma</dt>
        <dd className="font-bold text-navy-900" data-testid="booking-proforma-number">
          {view.proformaNumber ?? 'Being issued: reload this page in a few minutes'}
        </dd>
        {view.dueDate ? (
          <>
            <dt className="text-slate-600">Due by</dt>
            <dd className="font-semibold text-navy-900" data-testid="booking-due-date">
              {batchDayLabel(view.dueDate)}
            </dd>
          </>
        ) : null}
      </dl>
      {proformaUrl ? (
        <a href={proformaUrl} className="btn-primary" download>
          Download the pro-forma (PDF)
        </a>
      ) : null}
    </div>
  )
}

/** The named delegates, read-only. */
function DelegateList({delegates}: {delegates: readonly NamedDelegate[]}) {
  if (delegates.length === 0) return null
  return (
    <ol className="mt-4 divide-y divide-slate-200" aria-label="Named delegates" data-testid="delegate-list">
      {delegates.map((delegate) => (
        <li key={delegate.slot} className="py-3">
          <p className="font-semibold text-navy-900">
            Seat {delegate.slot}: {delegate.name}
          </p>
          <p className="text-sm text-slate-600">
            {delegate.email} · born {batchDayLabel(delegate.dateOfBirth)} · {delegate.nationality}
            {delegate.indos ? ` · INDoS ${delegate.indos}` : ''}
          </p>
        </li>
      ))}
    </ol>
  )
}

/** The delegates form (one row per seat) and the CSV upload. */
function EditDelegates({view}: {view: GroupBookingView}) {
  const actionData = useActionData<typeof action>() as DelegatesActionData | undefined
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null
  const bySlot = new Map(view.delegates.map((delegate) => [delegate.slot, delegate]))
  const failure = actionData && !actionData.ok ? actionData : null
  // A save changes the named delegates: the rows start again from them (after a refusal they keep what was typed).
  const rowsKey = view.delegates.map((d) => [d.slot, d.name, d.email, d.dateOfBirth, d.nationality, d.indos].join('|')).join(';')

  return (
    <>
      <p className="mt-2 text-sm text-slate-700">
        Name each delegate as on their passport. You can change or swap delegates until {batchDayLabel(view.editDeadline)}; each newly named delegate receives
        the joining e-mail.
      </p>
      <div role="status" className="empty:hidden" data-testid="delegates-status">
        {actionData?.ok ? (
          <p className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-900">{actionData.message}</p>
        ) : null}
      </div>
      {failure?.intent === 'save' ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800" data-testid="delegates-alert">
          {failure.message}
        </p>
      ) : null}

      <Form method="post" noValidate key={rowsKey} className="mt-4 space-y-4" aria-label="Delegates">
        <input type="hidden" name="intent" value="save" />
        {Array.from({length: view.seats}, (_, index) => index + 1).map((slot) => {
          const named = bySlot.get(slot)
          const typed = failure?.values?.[slot]
          const errors = failure?.errors[slot] ?? {}
          return (
            <fieldset key={slot} className="rounded-xl border border-slate-200 p-4" data-testid="delegate-row">
              <legend className="px-1 font-semibold text-navy-900">Seat {slot}</legend>
              <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {DELEGATE_FIELDS.map((field) => {
                  const id = delegateFieldName(slot, field)
                  const ids = {id, errorId: `${id}-error`, descriptionId: `${id}-description`, errors: errors[field] ? [errors[field]] : undefined}
                  return (
                    <Field key={field} look="enrolment" label={DELEGATE_FIELD_LABELS[field]} field={ids} optional={field === 'indos'}>
                      <input
                        id={id}
                        name={id}
                        type={INPUT_TYPES[field].type}
                        autoComplete={INPUT_TYPES[field].autoComplete}
                        spellCheck={field === 'name' || field === 'nationality' ? undefined : false}
                        defaultValue={typed?.[field] ?? (named ? (named[field] ?? '') : '')}
                        aria-invalid={errors[field] ? true : undefined}
                        aria-describedby={errors[field] ? ids.errorId : undefined}
                        className={inputClass(ids.errors, 'enrolment')}
                      />
                    </Field>
                  )
                })}
              </div>
            </fieldset>
          )
        })}
        <button type="submit" className="btn-primary px-8" disabled={Boolean(submitting)}>
          {submitting === 'save' ? 'Saving...' : 'Save delegates'}
        </button>
      </Form>

      <Form method="post" encType="multipart/form-data" className="mt-8 space-y-3 border-t border-slate-200 pt-6" aria-labelledby="csv-heading">
        <h3 id="csv-heading" className="font-semibold text-navy-900">
          Upload a CSV
        </h3>
        <p id="csv-description" className="text-sm text-slate-700">
          One row per delegate with the columns <code className="rounded bg-slate-100 px-1 break-all">{DELEGATE_CSV_HEADER.join(',')}</code> (dates as
          YYYY-MM-DD; indos may be empty). A file with an error saves nothing.{' '}
          <a href={CSV_TEMPLATE_URL} download="delegates.csv" className="font-semibold text-ocean-600 underline underline-offset-2">
            Download the template (CSV)
          </a>
        </p>
        {failure?.intent === 'import' ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800" data-testid="csv-alert">
            {failure.message}
          </p>
        ) : null}
        <input type="hidden" name="intent" value="import" />
        <div>
          <label htmlFor="delegates-csv" className="block text-sm font-medium text-navy-900">
            CSV file
          </label>
          <input
            id="delegates-csv"
            name="csv"
            type="file"
            accept=".csv,text/csv"
            aria-describedby="csv-description"
            className="mt-1.5 block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-ocean-50 file:px-4 file:py-2.5 file:font-semibold file:text-ocean-700"
          />
        </div>
        <button type="submit" className="btn-outline px-6" disabled={Boolean(submitting)}>
          {submitting === 'import' ? 'Uploading...' : 'Upload the CSV'}
        </button>
      </Form>
    </>
  )
}
