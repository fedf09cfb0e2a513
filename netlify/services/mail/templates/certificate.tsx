/**
 * The certificate e-mail to the holder (docs/requirements.md#req-issue-20-certificates):
 * subject `Your certificate {number}: {course}`, the certificate's facts, the verify link, and
 * the PDF attached (netlify/services/mail/messages.ts certificateMessage).
 */
import {Link} from '@react-email/components'
import {batchDateRange, batchDayLabel} from '#schemas/rules/batches'
import {NO_EXPIRY_TEXT} from '#schemas/rules/certificates'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** What the e-mail shows. Dates 'YYYY-MM-DD'; `verifyUrl` absolute. */
export type CertificateEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  number: string
  holderName: string
  courseName: string
  courseStart: string
  courseEnd: string
  issuedOn: string
  expiresOn: string | null
  verifyUrl: string
}

/** The subject: `Your certificate {number}: {course}`. */
export const certificateSubject = (number: string, course: string): string => `Your certificate ${number}: ${course}`

export function CertificateEmail(props: CertificateEmailProps) {
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`Your certificate for ${props.courseName}`}>
      <Title>Your certificate</Title>
      <Paragraph>Dear {props.holderName},</Paragraph>
      <Paragraph>
        Congratulations on completing {props.courseName}. Your certificate is attached to this e-mail as a PDF. Anyone can check it from its QR code or at{' '}
        <Link href={props.verifyUrl}>{props.verifyUrl}</Link> with your date of birth.
      </Paragraph>
      <Fields
        rows={[
          ['Certificate number', props.number],
          ['Course', props.courseName],
          ['Course dates', batchDateRange({startDate: props.courseStart, endDate: props.courseEnd})],
          ['Date of issue', batchDayLabel(props.issuedOn)],
          ['Valid until', props.expiresOn ? batchDayLabel(props.expiresOn) : NO_EXPIRY_TEXT],
        ]}
      />
      <Paragraph>Please keep this e-mail and the PDF. Reply to it if anything on the certificate is not right.</Paragraph>
    </MailFrame>
  )
}

/** The certificate e-mail: subject, HTML and plain text. */
export function renderCertificateEmail(props: CertificateEmailProps): Promise<RenderedEmail> {
  return renderEmail(certificateSubject(props.number, props.courseName), <CertificateEmail {...props} />)
}
