/**
 * The staff area's access e-mails: an invite (subject "You are invited to the staff area", its
 * single-use link valid 72 hours) and a password reset link (subject "Reset your staff password",
 * valid 30 minutes, used once). The link is the only secret in them; nothing else about the
 * account is sent.
 */
import {Link} from '@react-email/components'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

export const INVITE_SUBJECT = 'You are invited to the staff area'
export const RESET_SUBJECT = 'Reset your staff password'

export type StaffInviteEmailProps = {provider: MailProvider; name: string; roleLabel: string; url: string; expiresAt: string; invitedBy: string}
export type PasswordResetEmailProps = {provider: MailProvider; name: string; url: string; expiresAt: string}

export function StaffInviteEmail(props: StaffInviteEmailProps) {
  return (
    <MailFrame provider={props.provider} preview={`${props.invitedBy} invited you to the staff area`}>
      <Title>You are invited to the staff area</Title>
      <Paragraph>
        Hello {props.name}, {props.invitedBy} invited you to the {props.provider.name} staff area as {props.roleLabel}. Open the link below to choose your
        password and set up your authenticator app:
      </Paragraph>
      <Paragraph>
        <Link href={props.url}>{props.url}</Link>
      </Paragraph>
      <Paragraph>
        The link works once and expires on {formatProviderDateTime(props.expiresAt)}. If you did not expect this invitation, ignore this e-mail.
      </Paragraph>
    </MailFrame>
  )
}

export function PasswordResetEmail(props: PasswordResetEmailProps) {
  return (
    <MailFrame provider={props.provider} preview="Reset your staff password">
      <Title>Reset your staff password</Title>
      <Paragraph>Hello {props.name}, someone asked to reset the password of your staff account. Open the link below to choose a new one:</Paragraph>
      <Paragraph>
        <Link href={props.url}>{props.url}</Link>
      </Paragraph>
      <Paragraph>
        The link works once and expires on {formatProviderDateTime(props.expiresAt)}. You will still need your authenticator app or passkey to sign in. If you
        did not ask for this, ignore this e-mail: your password stays as it is.
      </Paragraph>
    </MailFrame>
  )
}

export const renderStaffInvite = (props: StaffInviteEmailProps): Promise<RenderedEmail> => renderEmail(INVITE_SUBJECT, <StaffInviteEmail {...props} />)
export const renderPasswordReset = (props: PasswordResetEmailProps): Promise<RenderedEmail> => renderEmail(RESET_SUBJECT, <PasswordResetEmail {...props} />)
