/**
 * /verify/{certificateNumber} — where a certificate's QR code leads
 * (docs/requirements.md#req-issue-20-verify): the status (Valid, Expired, Revoked with the day),
 * the course, its days, the issue and expiry days, and the holder's name masked ("R**** M****");
 * a "Date of birth" form that, when it matches, shows the full name (the same action rules as
 * /verify: one look-up counted, "No certificate matches these details" on a mismatch, 429 after
 * 20 look-ups in 10 minutes). An unknown or malformed number answers the same no-match message
 * with status 404, never an error page. The loader counts a look-up too (the masked details are
 * part of the register); after a look-up the page is not loaded again (shouldRevalidate), so one
 * look-up counts once.
 *
 * Works without JavaScript (plain form POST). Personal: `Cache-Control: no-store`, noindex (meta
 * robots and X-Robots-Tag), not in the sitemap.
 */
import {data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction} from '@remix-run/node'
import {Form, Link, useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction} from '@remix-run/react'
import {DateOfBirthFormSchema} from '#schemas/contracts/forms/verify'
import {PageHero} from '~/components/PageHero'
import {CertificateAnswer} from '~/components/verify/CertificateAnswer'
import {DateOfBirthField, useVerifyForm} from '~/components/verify/VerifyForm'
import {SubmitButton} from '~/components/form/Field'
import {VerifyOutcome} from '~/components/verify/VerifyOutcome'
import {VERIFY_UNAVAILABLE} from '~/components/verify/verify-text'
import {noStoreRouteHeaders} from '#netlify/platform/cache'
import {serverActionOr503} from '~/lib/client-action'
import {pageMeta} from '~/lib/meta'
import {VERIFY_PATH} from '#schemas/rules/certificates'
import {maskedFromPath, NOINDEX, verifyFromForm, type VerifyActionData} from '~/pages/verify-lookup.server'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {
    title: 'Verify a certificate',
    description: 'The status of a course certificate, from its QR code.',
    robots: 'noindex, nofollow',
  })

export async function loader({request, context, params}: LoaderFunctionArgs) {
  const {body, status, headers} = await maskedFromPath(request, context, params.number ?? '')
  return data(body, {status, headers})
}

export async function action({request, context, params}: ActionFunctionArgs) {
  const {body, status, headers} = await verifyFromForm(request, context, (params.number ?? '').trim().toUpperCase())
  return data(body, {status, headers})
}

export function clientAction({serverAction}: ClientActionFunctionArgs): Promise<VerifyActionData | Response> {
  return serverActionOr503<VerifyActionData>(serverAction, {state: 'unavailable', message: VERIFY_UNAVAILABLE}, '[verify] the look-up failed')
}

/** A look-up (the action) must not count a second one by loading the masked details again. */
export const shouldRevalidate: ShouldRevalidateFunction = ({formMethod, defaultShouldRevalidate}) =>
  formMethod && formMethod.toUpperCase() !== 'GET' ? false : defaultShouldRevalidate

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(noStoreRouteHeaders(args))
  headers.set('X-Robots-Tag', NOINDEX['X-Robots-Tag'])
  return headers
}

export default function VerifyNumberPage() {
  const view = useLoaderData<typeof loader>()
  const {fields, formProps, errorSummary, busy, outcome} = useVerifyForm('verify-dob-form', DateOfBirthFormSchema)
  const unlocked = outcome?.state === 'found'

  return (
    <>
      <PageHero eyebrow="Certificates" title="Verify a certificate" lead={view.state === 'found' ? `Certificate ${view.number}` : null} />
      <section aria-label="Certificate verification" className="py-12 sm:py-16">
        <div className="container-page grid max-w-3xl gap-8">
          {view.state !== 'found' ? (
            <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900" data-testid={`verify-${view.state}`}>
              <p className="font-semibold">{view.state === 'no-match' ? 'No match' : view.state === 'too-many' ? 'Too many look-ups' : 'Please try again'}</p>
              <p className="mt-1">{view.message}</p>
            </div>
          ) : unlocked ? null : (
            <>
              <CertificateAnswer certificate={{...view.certificate, name: view.certificate.maskedName, masked: true}} />
              <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
                <h2 id="verify-dob-heading" className="text-xl font-bold text-navy-900">
                  Show the holder’s full name
                </h2>
                <p className="mt-1 text-sm text-slate-700">Enter the holder’s date of birth to see the name printed on the certificate.</p>
                {errorSummary(['dateOfBirth'])}
                <Form method="post" {...formProps} aria-labelledby="verify-dob-heading" className="mt-5 flex flex-col gap-4 sm:flex-row sm:items-end">
                  <DateOfBirthField field={fields.dateOfBirth} className="sm:w-64" />
                  <SubmitButton busy={busy} label="Show full name" busyLabel="Checking..." />
                </Form>
              </div>
            </>
          )}
          <VerifyOutcome outcome={outcome} />
          <p className="text-sm text-slate-700">
            Have a certificate number?{' '}
            <Link to={VERIFY_PATH} className="font-medium text-ocean-700 underline underline-offset-2">
              Verify another certificate
            </Link>
          </p>
        </div>
      </section>
    </>
  )
}
