/**
 * /admin/reset/:token — where the e-mail "Reset your staff password" points
 * (docs/requirements.md#req-staff-accounts): a new password, then back to the sign-in.
 * Outside the admin layout (nobody is signed in); personal and secret: never cached, never
 * indexed, and no referrer carries the link's token away.
 */
import type {HeadersFunction, MetaFunction} from '@remix-run/node'
import {useParams} from '@remix-run/react'
import {ResetPage} from '~/components/admin/StaffLinkPages'
import {pageMeta} from '~/lib/meta'
import {noStoreHeaders} from '#netlify/platform/cache'

export const headers: HeadersFunction = () => noStoreHeaders({'X-Robots-Tag': 'noindex, nofollow'})

export const meta: MetaFunction = ({matches}) => [
  ...pageMeta(matches, {title: 'Reset your staff password', description: 'Choose a new staff password.', robots: 'noindex, nofollow'}),
  {name: 'referrer', content: 'no-referrer'},
]

export default function AdminReset() {
  const {token = ''} = useParams()
  return <ResetPage token={token} />
}
