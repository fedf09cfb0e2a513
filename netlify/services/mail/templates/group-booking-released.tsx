/**
 * To a group booking's contact person when its pro-forma was not paid by its due date and the
 * scheduled job released the held seats (docs/requirements.md#req-group-bookings): subject
 * `Seats released: pro-forma {number} was not paid`, what was released, and the course calendar
 * to book again.
 */
import {Link} from '@react-email/components'
import {batchDateRange} from '#schemas/rules/batches'
import {formatLongDate} from '#schemas/rules/format'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'
import {batchPlace, type GroupMailBatch} from './group-booking'

/** What the e-mail shows: `dueDate` 'YYYY-MM-DD'; `calendarUrl` absolute (the course calendar). */
export type GroupBookingReleasedEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  bookingId: string
  contactName: string
  company: string
  courseName: string
  batch: GroupMailBatch
  seats: number
  proformaNumber: string
  dueDate: string
  calendarUrl: string
}

/** The subject: `Seats released: pro-forma {number} was not paid`. */
export const groupBookingReleasedSubject = (proformaNumber: string): string => `Seats released: pro-forma ${proformaNumber} was not paid`

/** The e-mail's body (React Email). */
export function GroupBookingReleasedEmail(props: GroupBookingReleasedEmailProps) {
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`The ${props.seats} seats on ${props.courseName} were released`}>
      <Title>Your seats were released</Title>
      <Paragraph>Dear {props.contactName},</Paragraph>
      <Paragraph>
        The pro-forma {props.proformaNumber} was not paid by {formatLongDate(props.dueDate)}, so the {props.seats} seats held for {props.company} on{' '}
        {props.courseName} were released.
      </Paragraph>
      <Fields
        rows={[
          ['Booking reference', props.bookingId],
          ['Course', props.courseName],
          ['Dates', batchDateRange(props.batch)],
          ...(batchPlace(props.batch) ? ([['Venue', batchPlace(props.batch)]] as const) : []),
          ['Seats released', String(props.seats)],
        ]}
      />
      <Paragraph>
        To book again, visit the course calendar: <Link href={props.calendarUrl}>{props.calendarUrl}</Link>. If you have already paid, reply to this e-mail with
        the bank reference and we will sort it out.
      </Paragraph>
    </MailFrame>
  )
}

/** The e-mail: subject, HTML and plain text. */
export function renderGroupBookingReleasedEmail(props: GroupBookingReleasedEmailProps): Promise<RenderedEmail> {
  return renderEmail(groupBookingReleasedSubject(props.proformaNumber), <GroupBookingReleasedEmail {...props} />)
}
