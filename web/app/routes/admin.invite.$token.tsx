/**
 * /admin/invite/:token — where the e-mail "You are invited to the staff area" points
 * (docs/requirements.md#req-staff-accounts): the invitee chooses a password, sets up an
 * authenticator app and saves the recovery codes, then lands signed in on the enrolment list.
 * Outside the admin layout (nobody is signed in yet); personal and secret: never cached, never
 * indexed, and no referrer carries the link's token away.
 */
import type {HeadersFunction, MetaFunction} from '@remix-run/node'
import {useNavigate, useParams} from '@remix-run/react'
import {InvitePage} from '~/components/admin/StaffLinkPages'
import {pageMeta} from '~/lib/meta'
import {noStoreHeaders} from '#netlify/platform/cache'
import {ADMIN_LIST_PATH} from '#schemas/rules/paths'

export const headers: HeadersFunction = () => noStoreHeaders({'X-Robots-Tag': 'noindex, nofollow'})

export const meta: MetaFunction = ({matches}) => [
  ...pageMeta(matches, {title: 'Staff invitation', description: 'Set up your staff account.', robots: 'noindex, nofollow'}),
  {name: 'referrer', content: 'no-referrer'},
]

export default function AdminInvite() {
  const {token = ''} = useParams()
  const navigate = useNavigate()
  return <InvitePage token={token} onSignedIn={() => navigate(ADMIN_LIST_PATH)} />
}
