/**
 * /account — My training, the candidates' portal (docs/requirements.md#req-account). Signed out:
 * an e-mail field that sends "Your sign-in link" (the address filled in from `?email=`, the page to
 * return to from `?next=`, "Please sign in again" after a session ended). Signed in: everything
 * under the address, newest first, as phone-first cards with the next actions on top, and "Sign
 * out" / "Sign out everywhere". Personal: `Cache-Control: no-store`, noindex (meta and
 * X-Robots-Tag), not in the sitemap.
 */
import {data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction} from '@remix-run/node'
import {Form, useLoaderData} from '@remix-run/react'
import {noStoreHeaders, noStoreRouteHeaders} from '#netlify/platform/cache'
import {ACCOUNT_PATH} from '#schemas/rules/paths'
import {PageHero} from '~/components/PageHero'
import {Panel} from '~/components/ui/Panel'
import {CertificatesSection} from '~/components/account/CertificatesSection'
import {EnrolmentCard} from '~/components/account/EnrolmentCard'
import {ExamAttemptsSection} from '~/components/account/ExamAttemptsSection'
import {PrivacySection} from '~/components/account/PrivacySection'
import {ProfileSection} from '~/components/account/ProfileSection'
import {SignInForm} from '~/components/account/SignInForm'
import {WaitlistsSection} from '~/components/account/WaitlistsSection'
import {pageMeta} from '~/lib/meta'
import {accountAction, accountPage} from '~/pages/account.server'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {
    title: 'My training',
    description: 'Your enrolments, receipts, documents and certificates in one place.',
    path: ACCOUNT_PATH,
    robots: 'noindex, nofollow',
  })

export async function loader({request}: LoaderFunctionArgs) {
  const {data: body, setCookie} = await accountPage(request)
  return data(body, {headers: noStoreHeaders({...NOINDEX, ...(setCookie ? {'Set-Cookie': setCookie} : {})})})
}

export async function action({request, context}: ActionFunctionArgs) {
  const answer = await accountAction(request, context)
  if (answer.redirect) throw redirect(answer.redirect, {status: 303, headers: noStoreHeaders({...NOINDEX, ...answer.headers})})
  return data(answer.body, {status: answer.status, headers: noStoreHeaders({...NOINDEX, ...answer.headers})})
}

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(noStoreRouteHeaders(args))
  headers.set('X-Robots-Tag', NOINDEX['X-Robots-Tag'])
  return headers
}

export default function AccountPage() {
  const page = useLoaderData<typeof loader>()
  if (!page.signedIn) {
    return (
      <>
        <PageHero eyebrow="My training" title="Sign in to My training" lead="Your enrolments, receipts, documents and certificates in one place." />
        <section aria-label="Sign in" className="py-10 sm:py-14">
          <div className="container-page max-w-xl">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <SignInForm email={page.email} next={page.next} expired={page.expired} />
            </div>
          </div>
        </section>
      </>
    )
  }
  const {overview} = page
  return (
    <>
      <PageHero eyebrow="My training" title="My training" lead={`Signed in as ${overview.email}`} />
      <div className="py-8 sm:py-12">
        <div className="container-page grid max-w-3xl gap-8">
          {overview.actions.length > 0 ? (
            <Panel id="account-next" title="To do" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
              <ul className="grid gap-2">
                {overview.actions.map((action) => (
                  <li
                    key={`${action.text}-${action.href}`}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
                  >
                    <span className="font-semibold text-amber-950">{action.text}</span>
                    <a href={action.href} className="btn-primary min-h-11">
                      {action.label}
                    </a>
                  </li>
                ))}
              </ul>
            </Panel>
          ) : null}
          <Panel id="account-enrolments" title="Enrolments" className="grid gap-4" headingClassName="text-xl font-bold text-navy-900">
            {overview.enrolments.length === 0 ? (
              <p className="text-slate-700">No enrolments under this address yet.</p>
            ) : (
              overview.enrolments.map((enrolment) => <EnrolmentCard key={enrolment.orderId} enrolment={enrolment} />)
            )}
          </Panel>
          <CertificatesSection certificates={overview.certificates} />
          <WaitlistsSection waitlists={overview.waitlists} />
          <ExamAttemptsSection examAttempts={overview.examAttempts} />
          {overview.profile ? <ProfileSection profile={overview.profile} /> : null}
          <PrivacySection erasureRequested={overview.erasureRequested} />
          <Panel id="account-session" title="Signing out" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
            <p className="text-sm text-slate-700">You stay signed in on this device for 30 days. Sign out everywhere ends every session of this address.</p>
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <button type="submit" name="intent" value="sign-out" className="btn-secondary min-h-11">
                  Sign out
                </button>
              </Form>
              <Form method="post">
                <button type="submit" name="intent" value="sign-out-everywhere" className="btn-outline min-h-11">
                  Sign out everywhere
                </button>
              </Form>
            </div>
          </Panel>
        </div>
      </div>
    </>
  )
}
