/**
 * The staff notice of a seat come free in a batch with a waitlist: subject
 * `Seat free: {course}, {start date}, {city} — first waiting: {name}`, the batch, why the seat
 * came free, and the first person waiting with their contact details, for staff to call. No
 * e-mail goes to the person waiting.
 */
import {Link} from '@react-email/components'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** Why a seat came free: a checkout given up (`released`), a hold that ran out (`expired`), staff cancelled (`cancelled`) or fully refunded (`refunded`) a paid enrolment, or moved it to another date (`moved`). */
export type SeatFreedReason = 'released' | 'expired' | 'cancelled' | 'refunded' | 'moved'

/** What the notice shows. Dates 'YYYY-MM-DD'; `joinedAt` ISO 8601; `waiting` how many wait in all (this person included). */
export type WaitlistNoticeProps = {
  provider: MailProvider
  batch: {id: string; course: string; startDate: string; endDate: string; city: string}
  /** Why the seat came free. */
  reason: SeatFreedReason
  person: {name: string; email: string; mobile: string; joinedAt: string}
  waiting: number
}

/** The subject: `Seat free: {course}, {start date}, {city} — first waiting: {name}`. */
export const waitlistNoticeSubject = (props: Pick<WaitlistNoticeProps, 'batch' | 'person'>): string =>
  `Seat free: ${props.batch.course}, ${props.batch.startDate}, ${props.batch.city} — first waiting: ${props.person.name}`

const REASONS: Record<SeatFreedReason, string> = {
  released: 'a candidate gave up their checkout',
  expired: "a candidate's 30-minute seat hold ran out unpaid",
  cancelled: "staff cancelled a candidate's enrolment",
  refunded: "staff refunded a candidate's enrolment in full",
  moved: 'a candidate moved to another date of the course',
}

/** The notice's body (React Email). */
export function WaitlistNoticeEmail(props: WaitlistNoticeProps) {
  const {batch, person} = props
  return (
    <MailFrame provider={props.provider} preview={`A seat is free in ${batch.course} on ${batch.startDate}`}>
      <Title>A seat is free: {batch.course}</Title>
      <Paragraph>
        A seat came free because {REASONS[props.reason]}. The first person on the waitlist ({props.waiting} waiting) is below: contact them before the seat goes
        to someone else.
      </Paragraph>
      <Fields
        rows={[
          ['Batch', `${batch.course}, ${batch.startDate} to ${batch.endDate}, ${batch.city} (${batch.id})`],
          ['Name', person.name],
          [
            'E-mail',
            <Link key="email" href={`mailto:${person.email}`}>
              {person.email}
            </Link>,
          ],
          ['Mobile', person.mobile],
          ['On the waitlist since', formatProviderDateTime(person.joinedAt)],
        ]}
      />
    </MailFrame>
  )
}

/** The notice: subject, HTML and plain text. */
export function renderWaitlistNotice(props: WaitlistNoticeProps): Promise<RenderedEmail> {
  return renderEmail(waitlistNoticeSubject(props), <WaitlistNoticeEmail {...props} />)
}
