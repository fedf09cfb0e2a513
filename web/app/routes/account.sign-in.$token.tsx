/**
 * /account/sign-in/{token} — the link of "Your sign-in link" (docs/requirements.md#req-account).
 * A valid link (15 minutes, once) opens a 30-day session: the cookie is set and the candidate goes
 * to /account (or the portal page they were heading for). A used, expired or unknown link answers
 * 410 with "This link has expired or was already used" and a button to get a new one.
 * Personal: no-store, noindex, and no Referer leaves the page (the token is in its URL).
 */
import {data, redirect, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction} from '@remix-run/node'
import {Form, useLoaderData} from '@remix-run/react'
import {accountCookie} from '#netlify/platform/account-cookie'
import {noStoreHeaders, noStoreRouteHeaders} from '#netlify/platform/cache'
import {LINK_GONE, SignInTokenSchema} from '#schemas/contracts/account'
import {ACCOUNT_PATH} from '#schemas/rules/paths'
import {redeemSignInLink} from '#netlify/services/account/sessions'
import {ServiceError} from '#netlify/platform/errors'
import {PageHero} from '~/components/PageHero'
import {pageMeta} from '~/lib/meta'

const PRIVATE = {'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer'}

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Sign in to My training', description: 'Sign in to My training.', path: ACCOUNT_PATH, robots: 'noindex, nofollow'})

export async function loader({request, params}: LoaderFunctionArgs) {
  const token = SignInTokenSchema.safeParse(params.token ?? '')
  if (token.success) {
    try {
      const {cookieValue, next} = await redeemSignInLink(token.data)
      throw redirect(next ?? ACCOUNT_PATH, {status: 303, headers: noStoreHeaders({...PRIVATE, 'Set-Cookie': accountCookie(request, cookieValue)})})
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error
      if (error.kind !== 'gone') return data({message: error.message}, {status: error.status, headers: noStoreHeaders(PRIVATE)})
    }
  }
  return data({message: LINK_GONE}, {status: 410, headers: noStoreHeaders(PRIVATE)})
}

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(noStoreRouteHeaders(args))
  for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value)
  return headers
}

export default function SignInLinkGone() {
  const {message} = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero
        eyebrow="My training"
        title={message}
        lead={message === LINK_GONE ? 'Sign-in links work once, for 15 minutes. Ask for a new one: it takes a moment.' : 'Nothing was changed.'}
      />
      <section aria-label="Get a new link" className="py-10 sm:py-14">
        <div className="container-page max-w-xl">
          <Form method="get" action={ACCOUNT_PATH}>
            <button type="submit" className="btn-primary min-h-11">
              Get a new sign-in link
            </button>
          </Form>
        </div>
      </section>
    </>
  )
}
