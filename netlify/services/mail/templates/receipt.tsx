/**
 * The receipt e-mail to the candidate: subject `Receipt {receiptNumber}: {course
 * name}`, the receipt's key facts, the confirmation link; the PDF itself is attached by
 * ../messages.ts. A sandbox payment says so in red. A company's group order (`group`) lists its
 * company, PO and tax numbers, "{seats} seats × {unit price}", "Group discount ({p} %)" and the
 * total, and links its booking page to "Name your delegates" (docs/requirements.md#req-group-bookings).
 */
import {Link} from '@react-email/components'
import {formatAmountMinor, formatProviderDateTime, groupOrderLines, paymentMethodLabel, SANDBOX_PAYMENT_LABEL} from '#schemas/rules/receipt-format'
import {receiptFileName, type ReceiptGroup} from '#netlify/services/receipts/receipt-pdf'
import {Fields, MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

/**
 * What the receipt e-mail shows. `amountMinor` in minor units of `currency`; `paidAt` ISO 8601;
 * `confirmationUrl` absolute (the candidate's enrolment confirmation).
 */
export type ReceiptEmailProps = {
  /** The absolute "View in My training" link (../account-link.ts accountLinkFor). */
  accountUrl: string
  provider: MailProvider
  receiptNumber: string
  candidateName: string
  programme: string
  course: string
  /** The batch line, when the enrolment has a batch. */
  batch?: string
  amountMinor: number
  currency: string
  paidAt: string
  sandbox: boolean
  /** Paid by bank transfer against a pro-forma. */
  bankTransfer?: boolean
  confirmationUrl: string
  /** A company's group order: its company and price lines (the candidate is its contact person). */
  group?: ReceiptGroup
  /** A group order: the absolute URL of its booking page, where the delegates are named. */
  delegatesUrl?: string
}

/** The text of the link to a group booking's page in its e-mails. */
export const NAME_DELEGATES = 'Name your delegates'

/** The company's rows of a group order's receipt: company, and its PO and tax numbers when given. */
function companyRows(group: ReceiptGroup): Array<readonly [string, string]> {
  return [
    ['Company', group.company],
    ...(group.poNumber ? ([['PO number', group.poNumber]] as const) : []),
    ...(group.taxId ? ([['Tax number', group.taxId]] as const) : []),
  ]
}

/** The subject: `Receipt {receiptNumber}: {course name}` (made header-safe by renderEmail). */
export const receiptSubject = (receiptNumber: string, course: string): string => `Receipt ${receiptNumber}: ${course}`

/** The receipt e-mail's body (React Email). */
export function ReceiptEmail(props: ReceiptEmailProps) {
  const {group} = props
  const total = formatAmountMinor(props.amountMinor, props.currency)
  return (
    <MailFrame provider={props.provider} accountUrl={props.accountUrl} preview={`Your receipt ${props.receiptNumber} for ${props.course}`}>
      <Title>Thank you for your enrolment</Title>
      {props.sandbox ? (
        <Paragraph tone="warning">{SANDBOX_PAYMENT_LABEL}: this is a test enrolment. No money was taken and the attached receipt is not valid.</Paragraph>
      ) : null}
      <Paragraph>Dear {props.candidateName},</Paragraph>
      <Paragraph>
        We have received your payment for {props.course} ({props.programme}). Your receipt {props.receiptNumber} is attached as a PDF (
        {receiptFileName(props.receiptNumber)}). We will contact you within 24 hours.
      </Paragraph>
      <Fields
        rows={[
          ['Receipt number', props.receiptNumber],
          ...(group ? companyRows(group) : []),
          ['Programme', props.programme],
          ['Course', props.course],
          ...(props.batch ? ([['Batch', props.batch]] as const) : []),
          ...(group ? [...groupOrderLines(group, props.currency), ['Total paid', total] as const] : ([['Amount paid', total]] as const)),
          ['Paid', formatProviderDateTime(props.paidAt)],
          ['Payment method', paymentMethodLabel(props.sandbox, props.bankTransfer)],
        ]}
      />
      {props.delegatesUrl ? (
        <Paragraph>
          <Link href={props.delegatesUrl} style={{fontWeight: 'bold'}}>
            {NAME_DELEGATES}
          </Link>
          : fill in one row per seat on your booking page, or upload a CSV. Each delegate receives their joining instructions by e-mail.
        </Paragraph>
      ) : null}
      <Paragraph>
        Your enrolment confirmation: <Link href={props.confirmationUrl}>{props.confirmationUrl}</Link>
      </Paragraph>
    </MailFrame>
  )
}

/** The receipt e-mail: subject, HTML and plain text. Throws RangeError for an invalid paidAt. */
export function renderReceiptEmail(props: ReceiptEmailProps): Promise<RenderedEmail> {
  return renderEmail(receiptSubject(props.receiptNumber, props.course), <ReceiptEmail {...props} />)
}
