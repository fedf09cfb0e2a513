/**
 * The staff notice of "Ask us to erase my data" in My training (subject "Erasure request from
 * {address}"): who asked, when, their reason if they gave one, and the privacy page where the owner
 * looks the person up and erases their data.
 */
import {Link} from '@react-email/components'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {Fields, Lines, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

export type ErasureRequestNoticeProps = {provider: MailProvider; email: string; reason: string; requestedAt: string; url: string}

/** The subject: `Erasure request from {address}`. */
export const erasureRequestSubject = (email: string): string => `Erasure request from ${email}`

export function ErasureRequestNoticeEmail(props: ErasureRequestNoticeProps) {
  return (
    <MailFrame provider={props.provider} preview={erasureRequestSubject(props.email)}>
      <Title>Erasure request</Title>
      <Fields
        rows={[
          ['E-mail', props.email],
          ['Asked', formatProviderDateTime(props.requestedAt)],
        ]}
      />
      {props.reason ? <Lines text={props.reason} /> : <Paragraph>No reason given.</Paragraph>}
      <Paragraph>
        The person asked in My training to erase their data. Look them up and erase it on the privacy page: <Link href={props.url}>{props.url}</Link>
      </Paragraph>
    </MailFrame>
  )
}

/** The notice: subject, HTML and plain text. Throws RangeError for an invalid requestedAt. */
export const renderErasureRequestNotice = (props: ErasureRequestNoticeProps): Promise<RenderedEmail> =>
  renderEmail(erasureRequestSubject(props.email), <ErasureRequestNoticeEmail {...props} />)
