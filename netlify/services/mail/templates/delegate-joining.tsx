/**
 * The joining instructions to a delegate named on a company's group booking
 * (docs/requirements.md#req-group-bookings): subject `You are booked on {course}, {dates}`, who
 * booked them, the dates and the venue, what to bring (the programme's list, as My training shows
 * it: netlify/services/account/to-bring.ts documentsToBring), and "View in My training".
 */
import {batchDateRange} from '#schemas/rules/batches'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'
import {batchPlace, type GroupMailBatch} from './group-booking'

/** What the e-mail shows: `toBring` the documents to bring (empty: none listed for the programme). */
export type DelegateJoiningEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  delegateName: string
  company: string
  courseName: string
  batch: GroupMailBatch
  toBring: readonly string[]
}

/** The subject: `You are booked on {course}, {dates}`. */
export const delegateJoiningSubject = (course: string, batch: GroupMailBatch): string => `You are booked on ${course}, ${batchDateRange(batch)}`

/** The e-mail's body (React Email). */
export function DelegateJoiningEmail(props: DelegateJoiningEmailProps) {
  const place = batchPlace(props.batch)
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`${props.company} booked you on ${props.courseName}`}>
      <Title>You are booked on {props.courseName}</Title>
      <Paragraph>Dear {props.delegateName},</Paragraph>
      <Paragraph>
        {props.company} has booked you on {props.courseName}. Your seat is paid for: there is nothing for you to pay.
      </Paragraph>
      <Fields
        rows={[
          ['Course', props.courseName],
          ['Dates', batchDateRange(props.batch)],
          ...(place ? ([['Venue', place]] as const) : []),
          ['Booked by', props.company],
        ]}
      />
      {props.toBring.length > 0 ? (
        <>
          <Paragraph>
            <strong>What to bring</strong>
          </Paragraph>
          <ul style={{fontSize: '14px', lineHeight: '22px', margin: '0 0 12px', paddingLeft: '20px'}}>
            {props.toBring.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Paragraph>
        Please check that your name is as on your passport. If anything is not right, ask {props.company} to correct it on their booking, or reply to this
        e-mail.
      </Paragraph>
    </MailFrame>
  )
}

/** The e-mail: subject, HTML and plain text. */
export function renderDelegateJoiningEmail(props: DelegateJoiningEmailProps): Promise<RenderedEmail> {
  return renderEmail(delegateJoiningSubject(props.courseName, props.batch), <DelegateJoiningEmail {...props} />)
}
