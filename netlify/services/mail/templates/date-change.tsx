/**
 * The e-mails of "Request another date" (docs/account/date-change.md):
 * - to staff, a candidate's request: subject `Another date requested: {name}, {course}`, the
 *   current and the asked-for batch, the note, a link to the enrolment list;
 * - to the candidate, the outcome: approved (`Your new dates: {course}`, the new batch) or
 *   declined (`Your dates stay as booked: {course}`), with the "View in My training" link.
 * No amount: no money moves with a date change.
 */
import {Link} from '@react-email/components'
import {Fields, Lines, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** The staff notice's facts: batches as their one-line text ("12–16 Jan 2027 · Mumbai · venue"). */
export type DateChangeNoticeProps = {
  provider: MailProvider
  candidate: {name: string; email: string}
  course: string
  orderId: string
  from: string
  to: string
  note: string
  /** Absolute URL of the admin enrolment list. */
  adminUrl: string
}

/** The staff notice's subject. */
export const dateChangeNoticeSubject = (props: Pick<DateChangeNoticeProps, 'candidate' | 'course'>): string =>
  `Another date requested: ${props.candidate.name}, ${props.course}`

export function DateChangeNoticeEmail(props: DateChangeNoticeProps) {
  return (
    <MailFrame provider={props.provider} preview={`${props.candidate.name} asks to move to ${props.to}`}>
      <Title>Another date requested</Title>
      <Paragraph>
        {props.candidate.name} asked through My training to move their enrolment to another date of the same course. Open the enrolment to approve or decline
        it: approving moves the seat at once.
      </Paragraph>
      <Fields
        rows={[
          ['Candidate', `${props.candidate.name} <${props.candidate.email}>`],
          ['Course', props.course],
          ['Booked', props.from],
          ['Asked for', props.to],
          ['Order ID', props.orderId],
        ]}
      />
      {props.note ? <Lines text={props.note} /> : null}
      <Paragraph>
        <Link href={props.adminUrl}>Open the enrolments</Link>
      </Paragraph>
    </MailFrame>
  )
}

/** The staff notice: subject, HTML and plain text. */
export const renderDateChangeNotice = (props: DateChangeNoticeProps): Promise<RenderedEmail> =>
  renderEmail(dateChangeNoticeSubject(props), <DateChangeNoticeEmail {...props} />)

/** The candidate's outcome e-mail. */
export type DateChangeOutcomeProps = {
  provider: MailProvider
  candidateName: string
  course: string
  approved: boolean
  /** The batch the candidate is booked on now (the new one when approved). */
  booked: string
  /** The batch asked for. */
  asked: string
  /** Absolute URL of My training's sign-in with the address filled in. */
  accountUrl: string
}

/** The outcome's subject. */
export const dateChangeOutcomeSubject = (props: Pick<DateChangeOutcomeProps, 'approved' | 'course'>): string =>
  props.approved ? `Your new dates: ${props.course}` : `Your dates stay as booked: ${props.course}`

export function DateChangeOutcomeEmail(props: DateChangeOutcomeProps) {
  return (
    <MailFrame provider={props.provider} preview={dateChangeOutcomeSubject(props)} accountUrl={props.accountUrl}>
      <Title>{props.approved ? 'Your date has changed' : 'Your date stays as booked'}</Title>
      <Paragraph>Dear {props.candidateName},</Paragraph>
      {props.approved ? (
        <Paragraph>We have moved your enrolment in {props.course} to the date you asked for. Your payment carries over: nothing more to pay.</Paragraph>
      ) : (
        <Paragraph>
          We could not move your enrolment in {props.course} to {props.asked}. Your booking stays on its date; reply to this e-mail if you would like to talk
          about another one.
        </Paragraph>
      )}
      <Fields
        rows={[
          ['Course', props.course],
          [props.approved ? 'New dates' : 'Your dates', props.booked],
        ]}
      />
    </MailFrame>
  )
}

/** The outcome: subject, HTML and plain text. */
export const renderDateChangeOutcome = (props: DateChangeOutcomeProps): Promise<RenderedEmail> =>
  renderEmail(dateChangeOutcomeSubject(props), <DateChangeOutcomeEmail {...props} />)
