/**
 * Recovery when a person (the bootstrap owner included) has lost every second factor:
 * `npm run staff:reset-2fa -- EMAIL` removes their authenticator, passkeys and recovery codes and
 * ends their sessions; their next sign-in asks them to enrol a new factor. Recorded in the audit
 * log as `second-factor-reset` by `system` (it runs on a machine with the site's environment, not
 * from the staff area).
 */
import {ServiceError} from '#netlify/platform/errors'
import {recordAudit} from './audit-trail'
import {findStaffId, noFactors, updateStaff} from './directory'
import {endSessionsOf} from './sessions'

/** Resets the second factors of the person with `email`; resolves to their id. Throws ServiceError 'not-found'. */
export async function resetSecondFactors(email: string, options: {now?: Date} = {}): Promise<{id: string; email: string}> {
  const now = options.now ?? new Date()
  const id = await findStaffId(email)
  if (!id) throw new ServiceError('not-found', `No staff account has the e-mail ${email}`)
  const record = await updateStaff(id, (current) => ({...current, factors: noFactors(), pending: null}), {now})
  await endSessionsOf(id, 'second-factor-reset', {now})
  await recordAudit({actor: {type: 'system'}, client: null, action: 'second-factor-reset', target: {type: 'staff', id}, summary: {email: record.email}}, now)
  return {id, email: record.email}
}
