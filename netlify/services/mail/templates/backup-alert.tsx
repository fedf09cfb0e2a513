/**
 * The owners' e-mail when the daily backup needs them (subject "Backup needs attention"): the
 * warning of schemas/rules/backup-health.ts and where to look. Sent once per incident
 * (netlify/services/backup/alerts.ts).
 */
import {Link} from '@react-email/components'
import {MailFrame, Paragraph, renderEmail, Title, type MailProvider, type RenderedEmail} from './frame'

export const BACKUP_ALERT_SUBJECT = 'Backup needs attention'

export type BackupAlertEmailProps = {provider: MailProvider; warning: string; url: string}

export function BackupAlertEmail(props: BackupAlertEmailProps) {
  return (
    <MailFrame provider={props.provider} preview={props.warning}>
      <Title>Backup needs attention</Title>
      <Paragraph>{props.warning}</Paragraph>
      <Paragraph>
        The archives already kept are untouched. See the backups page for the details and start a backup again: <Link href={props.url}>{props.url}</Link>
      </Paragraph>
      <Paragraph>The runbook (docs/operations.md) says what to check when a backup fails.</Paragraph>
    </MailFrame>
  )
}

export const renderBackupAlert = (props: BackupAlertEmailProps): Promise<RenderedEmail> => renderEmail(BACKUP_ALERT_SUBJECT, <BackupAlertEmail {...props} />)
