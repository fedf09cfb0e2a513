/**
 * The staff notice of a contact enquiry: subject `Enquiry: {subject} from {name}`,
 * the sender's details and the message (line breaks kept). ../messages.ts sets `Reply-To` to the
 * sender, so staff answer with their mail client's Reply. No automatic reply goes to the sender.
 */
import {Link} from '@react-email/components'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {Fields, Lines, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** What the notice shows: the contact message as stored (netlify/services/enquiries/contact.ts); `receivedAt` ISO 8601. */
export type EnquiryNoticeProps = {
  provider: MailProvider
  name: string
  email: string
  phone: string | null
  subject: string
  message: string
  receivedAt: string
}

/** The subject: `Enquiry: {subject} from {name}`. */
export const enquiryNoticeSubject = (subject: string, name: string): string => `Enquiry: ${subject} from ${name}`

/** The notice's body (React Email). */
export function EnquiryNoticeEmail(props: EnquiryNoticeProps) {
  return (
    <MailFrame provider={props.provider} preview={`${props.subject} from ${props.name}`}>
      <Title>Enquiry: {props.subject}</Title>
      <Fields
        rows={[
          ['From', props.name],
          [
            'E-mail',
            <Link key="email" href={`mailto:${props.email}`}>
              {props.email}
            </Link>,
          ],
          ['Phone', props.phone || '—'],
          ['Subject', props.subject],
          ['Received', formatProviderDateTime(props.receivedAt)],
        ]}
      />
      <Lines text={props.message} />
      <Paragraph>Reply to this e-mail to answer {props.name}.</Paragraph>
    </MailFrame>
  )
}

/** The notice: subject, HTML and plain text. Throws RangeError for an invalid receivedAt. */
export function renderEnquiryNotice(props: EnquiryNoticeProps): Promise<RenderedEmail> {
  return renderEmail(enquiryNoticeSubject(props.subject, props.name), <EnquiryNoticeEmail {...props} />)
}
