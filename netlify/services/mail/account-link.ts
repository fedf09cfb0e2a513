/**
 * The "View in My training" link of every e-mail to a candidate (docs/requirements.md#req-account):
 * the portal's sign-in with the candidate's address filled in, one tap from a sign-in link.
 */
import {publicOrigin} from '#netlify/platform/env'
import {absoluteUrl, accountPath} from '#schemas/rules/paths'

/** The absolute URL of /account?email={email} on the public site (`origin`, default SITE_URL). */
export const accountLinkFor = (email: string, origin = publicOrigin()): string => absoluteUrl(origin, accountPath({email: email.trim().toLowerCase()}))
