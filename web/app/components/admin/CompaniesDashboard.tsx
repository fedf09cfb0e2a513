/**
 * /admin/companies (finance, registrar; docs/requirements.md#req-group-bookings): the companies
 * that booked groups and their bookings, loaded once (Refresh reads again; a 401 signs out).
 *
 * - "Overdue" first, when any: the unpaid invoices past their due day, soonest due first.
 * - Then each company (name, country, its contact) with its bookings, newest first: course and
 *   batch dates, seats, named / unnamed, amount, status (GROUP_BOOKING_STATUS_LABELS, with the day
 *   it was paid), the pro-forma's number and due date, the receipt number. A table from 640 px,
 *   one card per booking below.
 * - For finance (`group-bookings:manage`) per booking: "Mark payment received" (paid by invoice,
 *   due or overdue) opens a dialog with the amount (major units, sent in minor units), the day it
 *   arrived and the bank reference, checked with the API's own rule first; a refusal is shown in
 *   the dialog (role="alert") and keeps what was typed. "Cancel booking" (not closed yet) asks
 *   first: the seats are released, a card payment refunded in full (a bank transfer is sent back by
 *   bank). Each success puts the
 *   booking's new state in place and is announced politely.
 */
import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react'
import type {AdminGroupBooking, CompaniesResponse, GroupBookingStatus} from '#schemas/contracts/group-bookings'
import {enrolmentBatchText, providerToday} from '#schemas/rules/batches'
import {formatDate} from '#schemas/rules/format'
import {AdminApiError} from './admin-fetch'
import {AdminDialog} from './AdminDialog'
import {useCan} from './AdminArea'
import {AdminPageHeader} from './AdminPageHeader'
import {AdminTable, columnsOf} from './AdminTable'
import {UnauthorizedError} from './api'
import {
  amountInputText,
  amountText,
  canCancel,
  cancelGroupBookingRequest,
  cancelText,
  canRecordPayment,
  checkPaymentForm,
  COMPANIES_MESSAGES,
  countryText,
  dueText,
  fetchCompanies,
  fieldOfDetails,
  namedText,
  recordGroupPayment,
  statusLabel,
  withBooking,
  type PaymentField,
  type PaymentFormInput,
} from './companies'
import {ConfirmDialog} from './ConfirmDialog'
import {ErrorPanel} from './ErrorPanel'
import {Spinner} from './parts'
import {useAdminLoad} from './useAdminLoad'

const CELL = 'px-3 py-2.5 align-top'
const COLUMNS = columnsOf(['Course and batch', 'Seats', 'Named / unnamed', 'Amount', 'Status', 'Pro-forma', 'Receipt', 'Actions'])

/** The colours of each status's badge (text on its tint reaches 4.5:1). */
const STATUS_BADGE: Record<GroupBookingStatus, string> = {
  'awaiting-payment': 'bg-amber-50 text-amber-900 ring-amber-600/40',
  overdue: 'bg-red-50 text-red-800 ring-red-600/40',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  released: 'bg-slate-100 text-slate-800 ring-slate-500/40',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-500/40',
}

function GroupStatusBadge({booking}: {booking: AdminGroupBooking}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATUS_BADGE[booking.status] ?? STATUS_BADGE['awaiting-payment']}`}
    >
      {statusLabel(booking)}
    </span>
  )
}

/** What finance may do with a booking. */
type Actions = {onPay: (booking: AdminGroupBooking) => void; onCancel: (booking: AdminGroupBooking) => void; manage: boolean}

/** The companies page of a signed-in administrator. */
export function CompaniesDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const {load, setLoad, refreshing, reload} = useAdminLoad(fetchCompanies, {token, onUnauthorized, failMessage: COMPANIES_MESSAGES.loadFailed})
  const can = useCan()
  const [paying, setPaying] = useState<AdminGroupBooking | null>(null)
  const [cancelling, setCancelling] = useState<AdminGroupBooking | null>(null)
  const [busy, setBusy] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [failure, setFailure] = useState<string | null>(null)

  const apply = (booking: AdminGroupBooking) =>
    setLoad((current) => (current.state === 'loaded' ? {state: 'loaded', data: withBooking(current.data, booking)} : current))

  async function cancel(booking: AdminGroupBooking) {
    setCancelling(null)
    setBusy(true)
    setFailure(null)
    setAnnouncement('')
    try {
      const after = await cancelGroupBookingRequest(token, booking.bookingId)
      apply(after)
      setAnnouncement(`The booking of ${after.company.name} was cancelled: ${statusLabel(after)}.`)
    } catch (error) {
      if (error instanceof UnauthorizedError) return onUnauthorized()
      setFailure(error instanceof Error ? error.message : COMPANIES_MESSAGES.cancelFailed)
    } finally {
      setBusy(false)
    }
  }

  const actions: Actions = {manage: can('group-bookings:manage'), onPay: setPaying, onCancel: setCancelling}

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Companies" refreshing={refreshing} onRefresh={reload} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Companies that booked seats for a group, with their bookings: seats, delegates named, the amount and whether it is paid or due.
      </p>
      <div aria-live="polite" role="status" className="mt-3 min-h-6 text-sm text-slate-700">
        {busy ? 'Cancelling the booking...' : announcement || (refreshing && load.state !== 'loading' ? 'Updating companies...' : '')}
      </div>
      {failure ? (
        <p role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {failure}
        </p>
      ) : null}
      {load.state === 'loading' ? (
        <Spinner label="Loading companies..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading companies" message={load.message} />
        </div>
      ) : load.data.companies.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <p className="text-lg font-semibold text-navy-900">{COMPANIES_MESSAGES.empty}</p>
        </div>
      ) : (
        <CompaniesList data={load.data} actions={actions} />
      )}
      {paying ? (
        <PaymentDialog
          booking={paying}
          token={token}
          onUnauthorized={onUnauthorized}
          onClose={() => setPaying(null)}
          onRecorded={(after) => {
            apply(after)
            setPaying(null)
            setFailure(null)
            setAnnouncement(`Payment recorded for ${after.company.name}: ${statusLabel(after)}.`)
          }}
        />
      ) : null}
      {cancelling ? (
        <ConfirmDialog
          title={`Cancel the booking of ${cancelling.company.name}?`}
          text={cancelText(cancelling)}
          confirmLabel="Cancel booking"
          onConfirm={() => void cancel(cancelling)}
          onCancel={() => setCancelling(null)}
        />
      ) : null}
    </div>
  )
}

function CompaniesList({data, actions}: {data: CompaniesResponse; actions: Actions}) {
  const ids = useId()
  return (
    <>
      {data.overdue.length > 0 ? (
        <section aria-labelledby={`${ids}-overdue`} className="mt-4 rounded-xl border border-red-200 bg-red-50/60 p-4 sm:p-5">
          <h2 id={`${ids}-overdue`} className="text-xl font-bold text-red-900">
            Overdue
          </h2>
          <p className="mt-1 text-sm text-red-900">Pro-formas past their due date and not paid: their seats are released by the daily job.</p>
          <Bookings bookings={data.overdue} caption="Overdue bookings, soonest due first" actions={actions} withCompany />
        </section>
      ) : null}
      {data.companies.map((company, index) => {
        const contact = company.bookings[0]?.company
        return (
          <section key={`${company.name}|${company.country}`} aria-labelledby={`${ids}-company-${index}`} className="mt-8">
            <h2 id={`${ids}-company-${index}`} className="text-xl font-bold break-words text-navy-900">
              {company.name}
            </h2>
            <p className="mt-1 text-sm break-words text-slate-700">
              {countryText(company.country)}
              {contact ? (
                <>
                  {' '}
                  · {contact.contactName} ·{' '}
                  <a href={`mailto:${contact.email}`} className="text-ocean-700 underline underline-offset-2">
                    {contact.email}
                  </a>{' '}
                  · {contact.phone}
                </>
              ) : null}
            </p>
            <Bookings bookings={company.bookings} caption={`Bookings of ${company.name}, newest first`} actions={actions} />
          </section>
        )
      })}
    </>
  )
}

/** One list of bookings: cards on phones, a table from 640 px. `withCompany` names each booking's company (the overdue list). */
function Bookings({
  bookings,
  caption,
  actions,
  withCompany = false,
}: {
  bookings: AdminGroupBooking[]
  caption: string
  actions: Actions
  withCompany?: boolean
}) {
  return (
    <>
      <ul aria-label={caption} className="mt-3 space-y-3 sm:hidden">
        {bookings.map((booking) => (
          <li key={booking.bookingId} data-booking-id={booking.bookingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <div className="flex items-start justify-between gap-3">
              <p className="min-w-0 font-semibold break-words text-navy-900">{withCompany ? booking.company.name : booking.courseName}</p>
              <GroupStatusBadge booking={booking} />
            </div>
            <CourseText booking={booking} withCompany={withCompany} />
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <Fact label="Seats">
                {booking.seats} ({namedText(booking)})
              </Fact>
              <Fact label="Amount">{amountText(booking)}</Fact>
              {booking.paidAt ? <Fact label="Paid">{formatDate(booking.paidAt)}</Fact> : null}
              {booking.proformaNumber ? (
                <Fact label="Pro-forma">
                  {booking.proformaNumber}
                  {dueText(booking) ? ` · ${dueText(booking)}` : ''}
                </Fact>
              ) : null}
              {booking.receiptNumber ? <Fact label="Receipt">{booking.receiptNumber}</Fact> : null}
            </dl>
            <BookingActions booking={booking} actions={actions} />
          </li>
        ))}
      </ul>
      <AdminTable caption={caption} columns={COLUMNS} className="mt-3 hidden sm:block">
        {bookings.map((booking) => (
          <tr key={booking.bookingId} data-booking-id={booking.bookingId}>
            <th scope="row" className={`${CELL} min-w-48 font-normal`}>
              <span className="font-semibold text-navy-900">{withCompany ? booking.company.name : booking.courseName}</span>
              <CourseText booking={booking} withCompany={withCompany} />
            </th>
            <td className={`${CELL} text-right tabular-nums`}>{booking.seats}</td>
            <td className={`${CELL} whitespace-nowrap`}>{namedText(booking)}</td>
            <td className={`${CELL} text-right font-medium whitespace-nowrap tabular-nums`}>{amountText(booking)}</td>
            <td className={CELL}>
              <GroupStatusBadge booking={booking} />
              {booking.paidAt ? <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">Paid {formatDate(booking.paidAt)}</span> : null}
            </td>
            <td className={`${CELL} whitespace-nowrap`}>
              {booking.proformaNumber ? <span className="font-mono text-xs">{booking.proformaNumber}</span> : '—'}
              {dueText(booking) ? <span className="block text-xs text-slate-600">{dueText(booking)}</span> : null}
            </td>
            <td className={`${CELL} whitespace-nowrap`}>{booking.receiptNumber ? <span className="font-mono text-xs">{booking.receiptNumber}</span> : '—'}</td>
            <td className={CELL}>
              <BookingActions booking={booking} actions={actions} />
            </td>
          </tr>
        ))}
      </AdminTable>
    </>
  )
}

/** The course (under the company's name in the overdue list) and the batch's dates and city. */
function CourseText({booking, withCompany}: {booking: AdminGroupBooking; withCompany: boolean}) {
  return (
    <>
      {withCompany ? <span className="block text-sm text-slate-800">{booking.courseName}</span> : null}
      <span className="block text-xs text-slate-600">{enrolmentBatchText(booking.batch)}</span>
    </>
  )
}

function Fact({label, children}: {label: string; children: ReactNode}) {
  return (
    <>
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  )
}

/** "Mark payment received" and "Cancel booking", for finance, where they apply; the booking named for screen readers. */
function BookingActions({booking, actions}: {booking: AdminGroupBooking; actions: Actions}) {
  if (!actions.manage) return null
  const pay = canRecordPayment(booking)
  const cancel = canCancel(booking)
  if (!pay && !cancel) return null
  const which = (
    <span className="sr-only">
      {' '}
      of {booking.company.name}, {booking.courseName} {enrolmentBatchText(booking.batch)}
    </span>
  )
  return (
    <div className="mt-3 flex flex-wrap gap-2 sm:mt-0 sm:flex-col sm:items-stretch">
      {pay ? (
        <button type="button" className="btn-secondary min-h-10 px-3 py-1.5 whitespace-nowrap" onClick={() => actions.onPay(booking)}>
          Mark payment received{which}
        </button>
      ) : null}
      {cancel ? (
        <button type="button" className="btn-outline min-h-10 px-3 py-1.5 whitespace-nowrap" onClick={() => actions.onCancel(booking)}>
          Cancel booking{which}
        </button>
      ) : null}
    </div>
  )
}

const INPUT =
  'mt-1.5 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none'

/** The "Mark payment received" dialog: amount (major units), date, bank reference. */
function PaymentDialog({
  booking,
  token,
  onUnauthorized,
  onClose,
  onRecorded,
}: {
  booking: AdminGroupBooking
  token: string
  onUnauthorized: () => void
  onClose: () => void
  onRecorded: (booking: AdminGroupBooking) => void
}) {
  const ids = useId()
  const form = useRef<HTMLFormElement>(null)
  const today = providerToday(new Date())
  const [input, setInput] = useState<PaymentFormInput>({amountText: amountInputText(booking.totalMinor), date: today, reference: ''})
  const [error, setError] = useState<{field: PaymentField | null; message: string} | null>(null)
  const [sending, setSending] = useState(false)
  const [focusField, setFocusField] = useState<PaymentField | null>(null)

  useEffect(() => {
    if (!focusField) return
    form.current?.querySelector<HTMLElement>(`[name="${focusField}"]`)?.focus()
    setFocusField(null)
  }, [focusField])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const check = checkPaymentForm(input, today)
    if (!check.ok) {
      setError({field: check.field, message: check.message})
      setFocusField(check.field)
      return
    }
    setSending(true)
    setError(null)
    try {
      onRecorded(await recordGroupPayment(token, booking.bookingId, check.request))
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      const field = failure instanceof AdminApiError ? fieldOfDetails(failure.details) : null
      setError({field, message: failure instanceof Error ? failure.message : COMPANIES_MESSAGES.paymentFailed})
      if (field) setFocusField(field)
    } finally {
      setSending(false)
    }
  }

  const fieldError = (field: PaymentField) => (error?.field === field ? error.message : null)
  const field = (
    name: PaymentField,
    label: string,
    control: (props: {id: string; 'aria-invalid'?: true; 'aria-describedby'?: string}) => ReactNode,
    hint?: string,
  ) => {
    const problem = fieldError(name)
    const describedBy = [hint ? `${ids}-${name}-hint` : '', problem ? `${ids}-${name}-error` : ''].filter(Boolean).join(' ') || undefined
    return (
      <div className="mt-4">
        <label htmlFor={`${ids}-${name}`} className="block text-sm font-semibold text-navy-900">
          {label}
        </label>
        {control({id: `${ids}-${name}`, ...(problem ? {'aria-invalid': true as const} : {}), 'aria-describedby': describedBy})}
        {hint ? (
          <p id={`${ids}-${name}-hint`} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        {problem ? (
          <p id={`${ids}-${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {problem}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <AdminDialog
      title="Mark payment received"
      subtitle={
        <span>
          {booking.company.name} · {booking.proformaNumber ?? booking.orderId} · {amountText(booking)}
        </span>
      }
      closeLabel="Close payment"
      onClose={onClose}
    >
      <form ref={form} onSubmit={submit} noValidate aria-label="Payment received">
        <p className="text-sm text-slate-700">
          {booking.courseName} · {enrolmentBatchText(booking.batch)}. Recording the payment books the seats and e-mails the receipt to {booking.company.email}.
        </p>
        {field(
          'amountText',
          `Amount received (${booking.currency.toUpperCase()})`,
          (props) => (
            <input
              {...props}
              name="amountText"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={input.amountText}
              disabled={sending}
              onChange={(event) => setInput({...input, amountText: event.target.value})}
              className={`${INPUT} max-w-xs ${fieldError('amountText') ? 'border-red-500' : 'border-slate-300'}`}
            />
          ),
          `The pro-forma's total is ${amountText(booking)}; for example ${amountInputText(booking.totalMinor)}.`,
        )}
        {field('date', 'Date received', (props) => (
          <input
            {...props}
            name="date"
            type="date"
            max={today}
            value={input.date}
            disabled={sending}
            onChange={(event) => setInput({...input, date: event.target.value})}
            className={`${INPUT} max-w-xs ${fieldError('date') ? 'border-red-500' : 'border-slate-300'}`}
          />
        ))}
        {field('reference', 'Bank reference', (props) => (
          <input
            {...props}
            name="reference"
            type="text"
            autoComplete="off"
            maxLength={100}
            value={input.reference}
            disabled={sending}
            onChange={(event) => setInput({...input, reference: event.target.value})}
            className={`${INPUT} ${fieldError('reference') ? 'border-red-500' : 'border-slate-300'}`}
          />
        ))}
        {error && error.field === null ? (
          <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error.message}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap gap-3">
          <button type="submit" className="btn-primary disabled:cursor-wait disabled:opacity-70" disabled={sending} aria-busy={sending}>
            {sending ? 'Recording...' : 'Record payment'}
          </button>
          <button type="button" className="btn-outline" onClick={onClose} disabled={sending}>
            Cancel
          </button>
        </div>
      </form>
    </AdminDialog>
  )
}
