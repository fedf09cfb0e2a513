/**
 * My training's sign-in e-mail: subject "Your sign-in link", the single-use link (15 minutes).
 * The link is the only secret in it; nothing about the candidate's records is sent.
 */
import {Button} from '@react-email/components'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

export const SIGN_IN_LINK_SUBJECT = 'Your sign-in link'

/** `url` absolute; `expiresAt` ISO 8601. */
export type SignInLinkEmailProps = {provider: MailProvider; url: string; expiresAt: string}

export function SignInLinkEmail(props: SignInLinkEmailProps) {
  return (
    <MailFrame provider={props.provider} preview="Sign in to My training">
      <Title>Sign in to My training</Title>
      <Paragraph>Open this link to see your enrolments, receipts, documents and certificates:</Paragraph>
      <Button href={props.url} style={{backgroundColor: '#0b3d91', color: '#ffffff', padding: '12px 20px', borderRadius: '4px', fontWeight: 'bold'}}>
        Sign in to My training
      </Button>
      <Paragraph> </Paragraph>
      <Paragraph>Or copy this address into your browser: {props.url}</Paragraph>
      <Paragraph>
        The link works once and expires on {formatProviderDateTime(props.expiresAt)}. If you did not ask for it, ignore this e-mail: nobody can sign in without
        it.
      </Paragraph>
    </MailFrame>
  )
}

/** The e-mail: subject, HTML and plain text. */
export const renderSignInLinkEmail = (props: SignInLinkEmailProps): Promise<RenderedEmail> => renderEmail(SIGN_IN_LINK_SUBJECT, <SignInLinkEmail {...props} />)
