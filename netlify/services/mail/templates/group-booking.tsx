/**
 * The confirmation of a company's group booking to its contact person
 * (docs/requirements.md#req-group-bookings): subject `Group booking {bookingId}: {seats} seats,
 * {course}`, the booking's summary (company, course, dates, venue, seats, unit price, discount,
 * total), the link to the booking page to "Name your delegates" and, paid by invoice, the
 * pro-forma's number and due date with "Your seats are held until {due date}"; the pro-forma PDF
 * itself is attached by ../messages.ts groupBookingMessage.
 */
import {Link} from '@react-email/components'
import {batchDateRange, batchDayLabel} from '#schemas/rules/batches'
import {formatLongDate, formatMoney} from '#schemas/rules/format'
import {delegateEditDeadline, type GroupQuote, type PayBy} from '#schemas/rules/group-booking'
import {fromMinorUnits} from '#schemas/rules/price'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'
import {NAME_DELEGATES} from './receipt'

/** A batch as the group e-mails show it: dates 'YYYY-MM-DD', its city and venue (null: none given). */
export type GroupMailBatch = {startDate: string; endDate: string; city: string; venue: string | null}

/** Where a batch takes place: "{venue}, {city}", or the one that is given. */
export const batchPlace = (batch: Pick<GroupMailBatch, 'city' | 'venue'>): string => [batch.venue, batch.city].filter(Boolean).join(', ')

/**
 * What the e-mail shows. `quote` in minor units of `currency`; `bookingUrl` absolute (the booking's
 * page); `proforma` for a booking paid by invoice: its number and due date ('YYYY-MM-DD') and the
 * attached file's name.
 */
export type GroupBookingEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  bookingId: string
  contactName: string
  company: string
  courseName: string
  batch: GroupMailBatch
  currency: string
  quote: GroupQuote
  payBy: PayBy
  bookingUrl: string
  proforma?: {number: string; dueDate: string; fileName: string}
}

/** The subject: `Group booking {bookingId}: {seats} seats, {course}`. */
export const groupBookingSubject = (bookingId: string, seats: number, course: string): string => `Group booking ${bookingId}: ${seats} seats, ${course}`

/** The price rows of a group order (unit price, discount when any, total), amounts as the site writes them (formatMoney). */
export function groupPriceRows(quote: GroupQuote, currency: string): Array<readonly [string, string]> {
  const money = (minor: number) => formatMoney(fromMinorUnits(minor), currency)
  return [
    ['Seats', String(quote.seats)],
    ['Unit price', money(quote.unitMinor)],
    ...(quote.discountPercent > 0 ? ([[`Group discount (${quote.discountPercent} %)`, `−${money(quote.discountMinor)}`]] as const) : []),
    ['Total', money(quote.totalMinor)],
  ]
}

/** The e-mail's body (React Email). */
export function GroupBookingEmail(props: GroupBookingEmailProps) {
  const {batch, proforma} = props
  const due = proforma ? formatLongDate(proforma.dueDate) : ''
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`${props.quote.seats} seats on ${props.courseName} for ${props.company}`}>
      <Title>Your group booking</Title>
      <Paragraph>Dear {props.contactName},</Paragraph>
      <Paragraph>
        Thank you for booking {props.quote.seats} seats on {props.courseName} for {props.company}.
        {proforma
          ? ` Your pro-forma invoice ${proforma.number} is attached as a PDF (${proforma.fileName}). Please pay it by bank transfer by ${due}, quoting ${proforma.number} as the payment reference.`
          : ' You pay by card: your receipt is e-mailed to you once the payment is received.'}
      </Paragraph>
      {proforma ? (
        <Paragraph>
          <strong>Your seats are held until {due}.</strong> If the payment has not reached us by the end of that day, the seats are released.
        </Paragraph>
      ) : null}
      <Fields
        rows={[
          ['Booking reference', props.bookingId],
          ['Company', props.company],
          ['Course', props.courseName],
          ['Dates', batchDateRange(batch)],
          ...(batchPlace(batch) ? ([['Venue', batchPlace(batch)]] as const) : []),
          ...groupPriceRows(props.quote, props.currency),
          ['Payment', proforma ? `Bank transfer against pro-forma ${proforma.number}` : 'Card'],
          ...(proforma ? ([['Payment due by', due]] as const) : []),
        ]}
      />
      <Paragraph>
        <Link href={props.bookingUrl} style={{fontWeight: 'bold'}}>
          {NAME_DELEGATES}
        </Link>
        : fill in one row per seat on your booking page (name as on the passport, e-mail, date of birth, nationality, INDoS number), or upload a CSV. You can
        change them until {batchDayLabel(delegateEditDeadline(batch.startDate))}. Each delegate receives their joining instructions by e-mail.
      </Paragraph>
    </MailFrame>
  )
}

/** The e-mail: subject, HTML and plain text. */
export function renderGroupBookingEmail(props: GroupBookingEmailProps): Promise<RenderedEmail> {
  return renderEmail(groupBookingSubject(props.bookingId, props.quote.seats, props.courseName), <GroupBookingEmail {...props} />)
}
