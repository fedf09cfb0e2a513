/**
 * The server side of the group booking pages (docs/requirements.md#req-group-bookings), shared by
 * their loaders and actions (edges: they call netlify/services/group-bookings/, as the other pages
 * call their services):
 *
 * - `groupFormPage(url, now)`: /book/group?batch={batchId}. The batch's facts for the form
 *   (groupBookingForm: seats left, unit price per currency in minor units, discount tiers, the
 *   pro-forma's due date if booked now) and the country choices; a missing or unknown batch throws
 *   a 404; a batch that cannot be booked by a group (closed, started, a cadetship intake, priced
 *   on request) answers its reason with the refusal's status.
 * - `bookingPage(params, now)`: /book/group/{bookingId}/{key}. The booker's view
 *   (findGroupBooking + groupBookingView) and the pro-forma's path; a wrong key, an unknown booking
 *   and another booking's key alike throw a 404.
 * - `delegatesAction(request, params, now)`: that page's form posts. `intent=save` (one row per
 *   seat, fields `delegate-{slot}-{field}`; the filled rows are sent with their slot to
 *   saveDelegates, whose errors keyed `delegates.{index}.{field}` come back keyed by slot) or
 *   `intent=import` (multipart, the CSV file `csv`, to importDelegatesCsv: all rows or none).
 * - `proformaDownload(params)`: the pro-forma PDF of a booking paid by invoice, else 404.
 *
 * Every answer is personal: `Cache-Control: no-store` and `X-Robots-Tag: noindex, nofollow`.
 */
import {DELEGATE_FIELDS, type DelegateField, type GroupBookingView} from '#schemas/contracts/group-bookings'
import {countryOptions, type DiscountTier} from '#schemas/rules/group-booking'
import {groupProformaPath} from '#schemas/rules/paths'
import type {Currency} from '#schemas/rules/price'
import {noStoreHeaders} from '#netlify/platform/cache'
import {groupBookingForm} from '#netlify/services/group-bookings/booking'
import {importDelegatesCsv, saveDelegates} from '#netlify/services/group-bookings/delegates'
import {proformaPdfOf} from '#netlify/services/group-bookings/documents'
import {findGroupBooking, groupBookingView} from '#netlify/services/group-bookings/view'
import {readFormBody} from '~/lib/form-body.server'
import {delegateFieldName} from '~/lib/group-booking'
import {refusalOf} from '~/lib/service-response.server'

/** Kept out of search results (the pages' meta robots says the same). */
export const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'} as const

/** The headers of every answer of these pages. */
export const privateHeaders = (extra: Record<string, string> = {}): Headers => noStoreHeaders({...NOINDEX, ...extra})

/** A 404 of these pages (thrown: the site's error page answers). */
const notFound = (): Response => new Response('Not Found', {status: 404, headers: privateHeaders()})

/** The batch as the form shows it. */
export type GroupFormBatch = {
  id: string
  courseName: string
  courseFullName: string
  /** The course's category (the calendar filtered by it is "Choose another date"). */
  categoryId: string
  startDate: string
  endDate: string
  city: string
  venue: string | null
  country: string
}

/** What /book/group shows: the form, the full batch's waitlist, or why the batch cannot be booked by a group. */
export type GroupFormData =
  | {
      state: 'open' | 'full'
      batch: GroupFormBatch
      /** Seats left now (the form offers 2 … min(left, 30)). */
      left: number
      /** The unit price per payable currency, minor units (USD first). */
      currencies: Array<{currency: Currency; unitMinor: number}>
      tiers: DiscountTier[]
      /** The pro-forma's due date if booked now ('YYYY-MM-DD'); null: paying by invoice is not offered. */
      invoiceDueDate: string | null
      countries: Array<{code: string; name: string}>
    }
  | {state: 'refused'; message: string}

/** /book/group's loader data and status at `now` (see the module comment). Throws the 404 Response. */
export async function groupFormPage(url: URL, now = new Date()): Promise<{data: GroupFormData; status: number}> {
  const batchId = url.searchParams.get('batch')?.trim() ?? ''
  if (!batchId) throw notFound()
  try {
    const form = await groupBookingForm(batchId, now)
    const {batch} = form
    return {
      status: 200,
      data: {
        state: form.left > 0 ? 'open' : 'full',
        batch: {
          id: batch.id,
          courseName: batch.course.name,
          courseFullName: batch.course.fullName,
          categoryId: batch.course.program,
          startDate: batch.startDate,
          endDate: batch.endDate,
          city: batch.city,
          venue: batch.venue,
          country: batch.country,
        },
        left: form.left,
        currencies: form.currencies,
        tiers: form.tiers,
        invoiceDueDate: form.invoiceDueDate,
        countries: countryOptions(),
      },
    }
  } catch (error) {
    const refusal = refusalOf(error)
    if (!refusal) throw error
    if (refusal.status === 404) throw notFound()
    return {status: refusal.status, data: {state: 'refused', message: refusal.message}}
  }
}

/** What /book/group/{bookingId}/{key} shows: the booking, and its pro-forma's path when paid by invoice. */
export type BookingPageData = {view: GroupBookingView; proformaUrl: string | null}

/** The booking page's data at `now`. Throws the 404 Response for a wrong key or an unknown booking. */
export async function bookingPage(params: {bookingId?: string; key?: string}, now = new Date()): Promise<BookingPageData> {
  const bookingId = params.bookingId ?? ''
  const key = params.key ?? ''
  try {
    const {booking, order} = await findGroupBooking(bookingId, key)
    const view = groupBookingView(booking, order, now)
    return {view, proformaUrl: view.payBy === 'invoice' && view.proformaNumber ? groupProformaPath(bookingId, key) : null}
  } catch (error) {
    if (refusalOf(error)?.status === 404) throw notFound()
    throw error
  }
}

/** A row of the delegates form as typed (every field a string), by slot. */
export type DelegateRowValues = Record<DelegateField, string>

/** What the booking page's action answers. `errors` by slot then field; `values` the rows as posted (kept in the form after a refusal). */
export type DelegatesActionData =
  | {intent: 'save' | 'import'; ok: true; message: string}
  | {
      intent: 'save' | 'import'
      ok: false
      message: string
      errors: Record<number, Partial<Record<DelegateField, string>>>
      values: Record<number, DelegateRowValues> | null
    }

/** A CSV of 30 rows is a few kilobytes: anything much larger is not one. */
const MAX_CSV_BYTES = 64 * 1024
/** The delegates form: 30 rows of five short fields. */
const MAX_FORM_BYTES = MAX_CSV_BYTES + 16 * 1024

/** The messages of the action itself (the services' own are theirs). */
export const DELEGATE_PAGE_MESSAGES = {
  saved: 'The delegates are saved. Each newly named delegate receives the joining e-mail.',
  imported: 'The CSV is imported. Each newly named delegate receives the joining e-mail.',
  nothingToSave: 'Fill in at least one delegate before saving.',
  noFile: 'Choose a CSV file to upload.',
  fileTooLarge: 'The CSV file is too large: one row per seat, at most 30 rows.',
  invalid: 'Please correct the delegates marked below.',
} as const

type ActionAnswer = {status: number; body: DelegatesActionData}

/** Runs the posted intent of the booking page (see the module comment) at `now`. */
export async function delegatesAction(request: Request, params: {bookingId?: string; key?: string}, now = new Date()): Promise<ActionAnswer> {
  const bookingId = params.bookingId ?? ''
  const key = params.key ?? ''
  const read = await readFormBody(request, MAX_FORM_BYTES)
  if (!read.ok) return {status: read.status, body: {intent: 'save', ok: false, message: read.message, errors: {}, values: null}}
  const intent = read.form.get('intent') === 'import' ? 'import' : 'save'
  if (intent === 'import') return importCsv(read.form, bookingId, key, now)

  const {view} = await bookingPage(params, now)
  const values: Record<number, DelegateRowValues> = {}
  const rows: Array<{slot: number} & DelegateRowValues> = []
  for (let slot = 1; slot <= view.seats; slot++) {
    const row = Object.fromEntries(
      DELEGATE_FIELDS.map((field) => [field, String(read.form.get(delegateFieldName(slot, field)) ?? '').trim()]),
    ) as DelegateRowValues
    values[slot] = row
    // An empty row is a seat left unnamed for now.
    if (DELEGATE_FIELDS.some((field) => row[field] !== '')) rows.push({slot, ...row})
  }
  if (rows.length === 0) return {status: 400, body: {intent, ok: false, message: DELEGATE_PAGE_MESSAGES.nothingToSave, errors: {}, values}}
  try {
    await saveDelegates(bookingId, key, {delegates: rows.map(({indos, ...row}) => (indos ? {...row, indos} : row))}, {now})
    return {status: 200, body: {intent, ok: true, message: DELEGATE_PAGE_MESSAGES.saved}}
  } catch (error) {
    const refusal = refusalOf(error)
    if (!refusal) throw error
    if (refusal.status === 404) throw notFound()
    const errors = errorsBySlot(refusal.details, rows)
    const message = Object.keys(errors).length > 0 && !refusal.details?.delegates ? DELEGATE_PAGE_MESSAGES.invalid : refusal.message
    return {status: refusal.status, body: {intent, ok: false, message, errors, values}}
  }
}

/**
 * The service's field errors (`delegates.{index}.{field}`, the index in the sent rows) by the
 * slot of that row; errors of the whole list (`delegates`) stay in the message.
 */
function errorsBySlot(
  details: Record<string, string[] | undefined> | undefined,
  rows: ReadonlyArray<{slot: number}>,
): Record<number, Partial<Record<DelegateField, string>>> {
  const errors: Record<number, Partial<Record<DelegateField, string>>> = {}
  for (const [path, messages] of Object.entries(details ?? {})) {
    const match = /^delegates\.(\d+)\.(\w+)$/.exec(path)
    const row = match ? rows[Number(match[1])] : undefined
    const field = match?.[2] as DelegateField | undefined
    if (!row || !field || !DELEGATE_FIELDS.includes(field) || !messages?.[0]) continue
    ;(errors[row.slot] ??= {})[field] ??= messages[0]
  }
  return errors
}

/** The CSV upload: the file `csv` of the multipart form, imported all or nothing. */
async function importCsv(form: FormData, bookingId: string, key: string, now: Date): Promise<ActionAnswer> {
  const refused = (status: number, message: string): ActionAnswer => ({status, body: {intent: 'import', ok: false, message, errors: {}, values: null}})
  const file = form.get('csv')
  if (!(file instanceof Blob) || file.size === 0) return refused(400, DELEGATE_PAGE_MESSAGES.noFile)
  if (file.size > MAX_CSV_BYTES) return refused(413, DELEGATE_PAGE_MESSAGES.fileTooLarge)
  try {
    await importDelegatesCsv(bookingId, key, await file.text(), {now})
    return {status: 200, body: {intent: 'import', ok: true, message: DELEGATE_PAGE_MESSAGES.imported}}
  } catch (error) {
    const refusal = refusalOf(error)
    if (!refusal) throw error
    if (refusal.status === 404) throw notFound()
    return refused(refusal.status, refusal.message)
  }
}

/** GET …/proforma.pdf: the pro-forma of a booking paid by invoice (attachment, no-store); 404 otherwise. */
export async function proformaDownload(params: {bookingId?: string; key?: string}): Promise<Response> {
  const missing = () => new Response('Not Found', {status: 404, headers: privateHeaders({'Content-Type': 'text/plain; charset=utf-8'})})
  let booking
  try {
    booking = (await findGroupBooking(params.bookingId ?? '', params.key ?? '')).booking
  } catch (error) {
    if (refusalOf(error)?.status === 404) return missing()
    throw error
  }
  if (booking.payBy !== 'invoice' || !booking.proformaNumber) return missing()
  const pdf = await proformaPdfOf(booking)
  return new Response(new Blob([pdf.bytes as Uint8Array<ArrayBuffer>]), {
    headers: privateHeaders({
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.bytes.byteLength),
      'Content-Disposition': `attachment; filename="${pdf.fileName}"`,
    }),
  })
}
