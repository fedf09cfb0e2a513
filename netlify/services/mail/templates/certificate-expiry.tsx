/**
 * The expiry reminder to a certificate's holder (docs/requirements.md#req-issue-20-reminders),
 * 90 days before the certificate expires: subject `Your certificate {number} expires on {date}`,
 * a link to the course's page and its next open batches ("Dates on request" when none).
 */
import {Link} from '@react-email/components'
import {batchDayLabel, DATES_ON_REQUEST} from '#schemas/rules/batches'
import {Fields, Lines, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** What the reminder shows. `expiresOn` 'YYYY-MM-DD'; `courseUrl` absolute; `batches` one line each ("12–16 Jan 2027 · Mumbai"). */
export type CertificateExpiryEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  number: string
  holderName: string
  courseName: string
  expiresOn: string
  courseUrl: string
  batches: string[]
}

/** The subject: `Your certificate {number} expires on {12 Jan 2027}`. */
export const certificateExpirySubject = (number: string, expiresOn: string): string => `Your certificate ${number} expires on ${batchDayLabel(expiresOn)}`

export function CertificateExpiryEmail(props: CertificateExpiryEmailProps) {
  return (
    <MailFrame
      provider={props.provider}
      accountUrl={props.accountUrl}
      preview={`${props.courseName}: your certificate expires on ${batchDayLabel(props.expiresOn)}`}
    >
      <Title>Your certificate expires soon</Title>
      <Paragraph>Dear {props.holderName},</Paragraph>
      <Paragraph>
        Your {props.courseName} certificate {props.number} expires on {batchDayLabel(props.expiresOn)}. Book a refresher course in good time to keep it valid:{' '}
        <Link href={props.courseUrl}>{props.courseUrl}</Link>
      </Paragraph>
      <Fields
        rows={[
          ['Certificate number', props.number],
          ['Valid until', batchDayLabel(props.expiresOn)],
        ]}
      />
      <Paragraph>Next batches of {props.courseName}:</Paragraph>
      <Lines text={props.batches.length ? props.batches.join('\n') : DATES_ON_REQUEST} />
      <Paragraph>Reply to this e-mail if you would like us to reserve a seat for you.</Paragraph>
    </MailFrame>
  )
}

/** The reminder: subject, HTML and plain text. */
export function renderCertificateExpiryEmail(props: CertificateExpiryEmailProps): Promise<RenderedEmail> {
  return renderEmail(certificateExpirySubject(props.number, props.expiresOn), <CertificateExpiryEmail {...props} />)
}
