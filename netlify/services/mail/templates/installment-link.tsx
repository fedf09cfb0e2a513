/**
 * The payment-link e-mail of a cadetship installment (docs/requirements.md#req-installments):
 * subject `Payment link: {2nd installment of 3}, {course}`, the amount, the link and its expiry.
 * A sandbox link says so in red.
 */
import {Link} from '@react-email/components'
import {installmentOfText} from '#schemas/rules/installments'
import {formatAmountMinor, formatProviderDateTime, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/** What the e-mail shows: amounts in minor units of `currency`; `expireBy` ISO 8601; `url` absolute. */
export type InstallmentLinkEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  candidateName: string
  course: string
  number: number
  of: number
  label: string
  duration: string
  amountMinor: number
  currency: string
  url: string
  expireBy: string
  sandbox: boolean
}

/** The subject: `Payment link: 2nd installment of 3, {course}`. */
export const installmentLinkSubject = (number: number, of: number, course: string): string => `Payment link: ${installmentOfText(number, of)}, ${course}`

export function InstallmentLinkEmail(props: InstallmentLinkEmailProps) {
  const amount = formatAmountMinor(props.amountMinor, props.currency)
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`Pay the ${installmentOfText(props.number, props.of)} of ${props.course}`}>
      <Title>Your next installment</Title>
      {props.sandbox ? <Paragraph tone="warning">{SANDBOX_PAYMENT_LABEL}: this is a test link. No money is taken.</Paragraph> : null}
      <Paragraph>Dear {props.candidateName},</Paragraph>
      <Paragraph>
        The {installmentOfText(props.number, props.of)} of {props.course} is due. Please pay {amount} through this secure payment link:{' '}
        <Link href={props.url}>{props.url}</Link>
      </Paragraph>
      <Fields
        rows={[
          ['Installment', `${props.label} (${installmentOfText(props.number, props.of)})`],
          ...(props.duration ? ([['Duration', props.duration]] as const) : []),
          ['Amount', amount],
          ['Pay by', formatProviderDateTime(props.expireBy)],
        ]}
      />
      <Paragraph>We send your receipt as soon as the payment reaches us. Reply to this e-mail if anything is not as you expected.</Paragraph>
    </MailFrame>
  )
}

/** The e-mail: subject, HTML and plain text. Throws RangeError for an invalid expireBy. */
export function renderInstallmentLinkEmail(props: InstallmentLinkEmailProps): Promise<RenderedEmail> {
  return renderEmail(installmentLinkSubject(props.number, props.of, props.course), <InstallmentLinkEmail {...props} />)
}
