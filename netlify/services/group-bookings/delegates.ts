/**
 * Naming the delegates of a group booking (its page /book/group/{bookingId}/{key},
 * docs/requirements.md#req-group-bookings). Once the booking is paid, and until 2 days before the
 * start, the booker names one person per seat — in the form or from a CSV — and may edit a row or
 * swap a delegate.
 *
 * - The booking's `delegates` change in one conditional write, checked against the booking as it
 *   is then (never more delegates than seats, one e-mail address per delegate).
 * - Each named seat is an enrolment of its own, `{order id}_d{slot}` (status paid, amount 0,
 *   `delegateOf`), on the batch's roster: created or brought up to date after the booking's write
 *   (every save brings every seat's enrolment up to date, so a save interrupted half-way is
 *   finished by the next). A swap keeps the seat's enrolment and puts the new person on it.
 * - Each delegate gets the joining e-mail once per person (`delegate-joining:{order id}-{version}`).
 * - A CSV (columns name, email, date_of_birth, nationality, indos) is checked row by row; one bad
 *   row refuses the whole file (400 naming the row and column) and nothing is saved.
 */
import {parse} from 'csv-parse/sync'
import {z} from 'zod'
import {
  DELEGATE_CSV_HEADER,
  DELEGATE_FIELD_LABELS,
  DELEGATE_FIELDS,
  delegateSchema,
  delegatesBodySchema,
  type DelegateField,
  type DelegatesBody,
  type GroupBookingView,
} from '#schemas/contracts/group-bookings'
import {canEditDelegates, GROUP_MESSAGES} from '#schemas/rules/group-booking'
import {providerToday} from '#schemas/rules/batches'
import {refuse} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {fieldErrors} from '#netlify/platform/http'
import {newConfirmationKey, updateEnrolmentRecord, type EnrolmentRecord} from '../enrolments/enrolments'
import {sendDelegateJoining} from './notices'
import {parseOrRefuse} from './parse'
import {updateGroupBooking, type GroupBooking, type StoredDelegate} from './store'
import {findGroupBooking, groupBookingStatus, groupBookingView} from './view'

/** The largest CSV read (characters): 30 rows need a few KB. */
export const MAX_DELEGATES_CSV = 64 * 1024

/** The enrolment order id of seat `slot` of the booking whose order is `orderId`: `{orderId}_d01`. */
export const delegateOrderId = (orderId: string, slot: number): string => `${orderId}_d${String(slot).padStart(2, '0')}`

/**
 * Saves the delegates `input` ({delegates: [{slot, name, email, dateOfBirth, nationality,
 * indos?}]}: the seats named or changed; a seat left out keeps what it has) of booking
 * `bookingId` with key `key` at `now`, and resolves to the booking's page view. Throws
 * ServiceError: not-found (wrong booking or key), conflict (not paid yet; cancelled or released;
 * the deadline 2 days before the start has passed), invalid (the rows, details keyed
 * `delegates.{index}.{field}`; a slot beyond the seats; an e-mail another seat has).
 */
export async function saveDelegates(bookingId: string, key: string, input: unknown, options: {now?: Date} = {}): Promise<GroupBookingView> {
  const now = options.now ?? new Date()
  const {booking, order} = await findGroupBooking(bookingId, key)
  checkEditable(booking, order, now)
  const body = parseOrRefuse(delegatesBodySchema(providerToday(now)), input)
  return applyDelegates(booking, order!, body, now)
}

/**
 * Names the delegates from CSV text `csv` (a header row — name, email, date_of_birth,
 * nationality, indos in any order; "Name as on the passport" and such labels are understood too —
 * then one row per delegate, filling seats 1, 2, … in order). Throws as saveDelegates, and
 * invalid "Row {n}, column {column}: {problem}" (n counts the header as row 1, as a spreadsheet
 * does) for the first bad row, with every row's problems in `details`; nothing is saved then.
 */
export async function importDelegatesCsv(bookingId: string, key: string, csv: string, options: {now?: Date} = {}): Promise<GroupBookingView> {
  const now = options.now ?? new Date()
  const {booking, order} = await findGroupBooking(bookingId, key)
  checkEditable(booking, order, now)
  const rows = readCsv(csv, booking.quote.seats, providerToday(now))
  return applyDelegates(booking, order!, {delegates: rows.map((row, index) => ({slot: index + 1, ...row}))}, now)
}

/** Refuses changes to a booking that is not paid, is closed, or whose batch starts in less than 2 days. */
function checkEditable(booking: GroupBooking, order: EnrolmentRecord | null, now: Date): void {
  const status = groupBookingStatus(booking, order, now)
  if (status === 'cancelled' || status === 'released' || order?.status === 'refunded' || order?.status === 'cancelled')
    throw new ServiceError('conflict', GROUP_MESSAGES.closed)
  if (status !== 'paid') throw new ServiceError('conflict', GROUP_MESSAGES.notPaid)
  if (!canEditDelegates(booking.batch.startDate, now)) throw new ServiceError('conflict', GROUP_MESSAGES.editClosed)
}

/** Writes the rows into the booking (one conditional write), then every seat's enrolment and joining e-mail. */
async function applyDelegates(booking: GroupBooking, order: EnrolmentRecord, body: DelegatesBody, now: Date): Promise<GroupBookingView> {
  const seats = booking.quote.seats
  if (body.delegates.length > seats) throw invalid('delegates', GROUP_MESSAGES.tooManyDelegates(seats))
  body.delegates.forEach((row, index) => {
    if (row.slot > seats) throw invalid(`delegates.${index}.slot`, GROUP_MESSAGES.tooManyDelegates(seats))
  })
  const slots = new Set(body.delegates.map((row) => row.slot))
  if (slots.size !== body.delegates.length) throw invalid('delegates', 'Each seat can be named once')
  const at = now.toISOString()
  const {value, refusal} = await updateGroupBooking<ServiceError>(booking.bookingId, (current) => {
    if (!current) return refuse(new ServiceError('not-found', GROUP_MESSAGES.notFound))
    if (current.closed) return refuse(new ServiceError('conflict', GROUP_MESSAGES.closed))
    const bySlot = new Map(current.delegates.map((d) => [d.slot, d]))
    let changed = false
    for (const row of body.delegates) {
      const before = bySlot.get(row.slot)
      const next: StoredDelegate = {
        slot: row.slot,
        orderId: delegateOrderId(current.orderId, row.slot),
        name: row.name,
        email: row.email,
        dateOfBirth: row.dateOfBirth,
        nationality: row.nationality,
        ...(row.indos ? {indos: row.indos} : {}),
        version: before ? (before.email === row.email ? before.version : before.version + 1) : 1,
        namedAt: before?.namedAt ?? at,
        updatedAt: at,
      }
      if (before && sameDelegate(before, next)) continue
      bySlot.set(row.slot, next)
      changed = true
    }
    // One address per person across the whole booking (rows not sent keep theirs).
    const emails = new Map<string, number>()
    for (const delegate of bySlot.values()) {
      const other = emails.get(delegate.email)
      if (other !== undefined) {
        const index = body.delegates.findIndex((row) => row.slot === delegate.slot || row.slot === other)
        return refuse(invalid(`delegates.${Math.max(0, index)}.email`, GROUP_MESSAGES.duplicateEmail))
      }
      emails.set(delegate.email, delegate.slot)
    }
    if (!changed) return undefined
    return {...current, delegates: [...bySlot.values()].sort((a, b) => a.slot - b.slot), updatedAt: at}
  })
  if (refusal) throw refusal
  const stored = value ?? booking
  for (const delegate of stored.delegates) {
    await upsertDelegateEnrolment(stored, order, delegate, now)
    try {
      await sendDelegateJoining(stored, delegate, delegate.version, now)
    } catch (error) {
      console.error(`[group-bookings] the joining e-mail of ${delegate.orderId} could not be queued now; the next save retries`, error)
    }
  }
  return groupBookingView(stored, order, now)
}

/** Whether two versions of a seat carry the same person and details. */
const sameDelegate = (a: StoredDelegate, b: StoredDelegate): boolean =>
  a.name === b.name && a.email === b.email && a.dateOfBirth === b.dateOfBirth && a.nationality === b.nationality && (a.indos ?? '') === (b.indos ?? '')

/**
 * Creates or brings up to date the enrolment of seat `delegate` (see the module comment): the
 * order's course, batch, payment time and currency; amount 0 (the order carries the money); the
 * delegate's name, e-mail and their details for certificates. Leaves a record already matching
 * as it is, and keeps the status staff have given it.
 */
async function upsertDelegateEnrolment(booking: GroupBooking, order: EnrolmentRecord, delegate: StoredDelegate, now: Date): Promise<void> {
  const at = now.toISOString()
  const holder = {name: delegate.name, dateOfBirth: delegate.dateOfBirth, nationality: delegate.nationality, updatedAt: delegate.updatedAt}
  await updateEnrolmentRecord(delegate.orderId, (current) => {
    if (!current) {
      return {
        orderId: delegate.orderId,
        receipt: `${booking.bookingId}-d${delegate.slot}`,
        status: 'paid',
        name: delegate.name,
        email: delegate.email,
        mobile: '',
        trainingProgram: order.trainingProgram,
        trainingProgramName: order.trainingProgramName,
        course: order.course,
        courseName: order.courseName,
        country: '',
        countryName: '',
        amount: 0,
        amountMinor: 0,
        currency: order.currency,
        attachments: [],
        paymentId: order.paymentId,
        paidAt: order.paidAt ?? at,
        mode: order.mode,
        createdAt: at,
        updatedAt: at,
        confirmationKey: newConfirmationKey(),
        batch: booking.batch,
        certificateHolder: holder,
        delegateOf: {bookingId: booking.bookingId, company: booking.company.name, slot: delegate.slot},
        history: [{at, by: `${booking.company.contactName} (${booking.company.name})`, note: `Named as delegate ${delegate.slot} of the group booking`}],
      }
    }
    if (current.name === delegate.name && current.email === delegate.email && current.certificateHolder?.updatedAt === delegate.updatedAt) return undefined
    const swapped = current.email !== delegate.email
    return {
      ...current,
      name: delegate.name,
      email: delegate.email,
      certificateHolder: holder,
      updatedAt: at,
      history: [
        ...(current.history ?? []),
        {
          at,
          by: `${booking.company.contactName} (${booking.company.name})`,
          note: swapped ? `Delegate swapped: ${current.name} → ${delegate.name}` : `Delegate's details updated`,
        },
      ],
    }
  })
}

/** Header cells as written → the field they name (lower case, letters only). */
const HEADER_ALIASES: Readonly<Record<string, DelegateField>> = {
  name: 'name',
  fullname: 'name',
  nameasonthepassport: 'name',
  nameasonpassport: 'name',
  email: 'email',
  emailaddress: 'email',
  dateofbirth: 'dateOfBirth',
  dob: 'dateOfBirth',
  birthdate: 'dateOfBirth',
  nationality: 'nationality',
  indos: 'indos',
  indosnumber: 'indos',
  indosno: 'indos',
}

/** The CSV column name of each field, as the messages name it. */
const COLUMN_OF: Readonly<Record<DelegateField, string>> = Object.fromEntries(DELEGATE_FIELDS.map((field, i) => [field, DELEGATE_CSV_HEADER[i]!])) as Record<
  DelegateField,
  string
>

/** A day written DD/MM/YYYY (as spreadsheets often export it) as YYYY-MM-DD; anything else as it is. */
const isoDay = (value: string): string => {
  const match = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/.exec(value.trim())
  return match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : value
}

/** The delegates of a CSV (see importDelegatesCsv), or ServiceError invalid naming the first bad row and column. */
function readCsv(csv: string, seats: number, today: string): Array<z.output<ReturnType<typeof delegateSchema>>> {
  if (csv.length > MAX_DELEGATES_CSV) throw invalid('file', `The CSV is too large: at most ${MAX_DELEGATES_CSV / 1024} KB`)
  let table: string[][]
  try {
    table = parse(csv, {bom: true, trim: true, relax_column_count: true, skip_empty_lines: true}) as string[][]
  } catch (error) {
    const line = (error as {lines?: number}).lines
    throw invalid('file', `The file could not be read as CSV${line ? ` (row ${line})` : ''}: check the quotes and commas`)
  }
  const [header, ...rows] = table
  if (!header) throw invalid('file', 'The CSV is empty')
  const columns = header.map((cell) => HEADER_ALIASES[cell.toLowerCase().replace(/[^a-z]/g, '')] ?? null)
  const unknown = header.find((_, i) => columns[i] === null)
  if (unknown !== undefined) throw invalid('file', `Row 1: unknown column "${unknown}". Use the columns ${DELEGATE_CSV_HEADER.join(', ')}`)
  const missing = DELEGATE_FIELDS.filter((field) => field !== 'indos' && !columns.includes(field))
  if (missing.length > 0)
    throw invalid('file', `Row 1: the CSV needs the columns ${DELEGATE_CSV_HEADER.join(', ')} (missing: ${missing.map((f) => COLUMN_OF[f]).join(', ')})`)
  const filled = rows.map((cells, index) => ({cells, row: index + 2})).filter(({cells}) => cells.some((cell) => cell !== ''))
  if (filled.length === 0) throw invalid('file', 'The CSV has no delegates: add one row per delegate under the header')
  if (filled.length > seats) throw invalid('file', GROUP_MESSAGES.tooManyDelegates(seats))
  const schema = delegateSchema(today)
  const problems: Record<string, string[]> = {}
  const parsed: Array<z.output<typeof schema>> = []
  for (const {cells, row} of filled) {
    const values: Record<string, string> = {}
    columns.forEach((field, i) => {
      if (field) values[field] = field === 'dateOfBirth' ? isoDay(cells[i] ?? '') : (cells[i] ?? '')
    })
    const result = schema.safeParse(values)
    if (result.success) {
      parsed.push(result.data)
      continue
    }
    for (const [field, messages] of Object.entries(fieldErrors(result.error))) {
      const column = COLUMN_OF[field as DelegateField] ?? field
      problems[`row${row}.${column}`] = messages.map((message) => `Row ${row}, column ${column}: ${message}`)
    }
  }
  const first = Object.values(problems)[0]?.[0]
  if (first) throw new ServiceError('invalid', first, {field: 'file', details: problems})
  const seen = new Map<string, number>()
  filled.forEach(({row}, i) => {
    const email = parsed[i]!.email
    if (seen.has(email)) throw invalid('file', `Row ${row}, column email: ${GROUP_MESSAGES.duplicateEmail} (the same as row ${seen.get(email)})`)
    seen.set(email, row)
  })
  return parsed
}

/** The labels of the delegate fields, for pages that show the CSV's columns. */
export const DELEGATE_COLUMNS = DELEGATE_FIELDS.map((field) => ({column: COLUMN_OF[field], label: DELEGATE_FIELD_LABELS[field]}))

const invalid = (field: string, message: string) => new ServiceError('invalid', message, {field, details: {[field]: [message]}})
