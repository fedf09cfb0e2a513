/**
 * /verify (docs/requirements.md#req-issue-20-verify): anyone — an employer, a manning
 * agent, an inspector — checks a course certificate from its number and the holder's date of
 * birth. The answer: Valid, Expired or Revoked (with the day), the course, its days, the issue
 * and expiry days ("Does not expire") and the holder's full name; an unknown number and a wrong
 * date of birth both answer "No certificate matches these details"; after 20 look-ups in 10
 * minutes from one client, "Too many look-ups … try again in N minutes" (429).
 *
 * A plain form POST to this route's action (pages/verify-lookup.server.ts), so it works without
 * JavaScript; with it, the fields are checked in the browser with the same VerifyFormSchema and
 * errors are listed in the shared ErrorSummary (components/verify/VerifyForm.tsx, shared with
 * /verify/{number}). Personal: `Cache-Control: no-store`, noindex
 * (meta robots and X-Robots-Tag), not in the sitemap.
 */
import {getInputProps} from '@conform-to/react'
import {data, type ActionFunctionArgs, type HeadersFunction, type MetaFunction} from '@remix-run/node'
import {Form, type ClientActionFunctionArgs} from '@remix-run/react'
import {VerifyFormSchema} from '#schemas/contracts/forms/verify'
import {Field, inputClass, SubmitButton} from '~/components/form/Field'
import {PageHero} from '~/components/PageHero'
import {DateOfBirthField, useVerifyForm} from '~/components/verify/VerifyForm'
import {VerifyOutcome} from '~/components/verify/VerifyOutcome'
import {VERIFY_LABELS, VERIFY_UNAVAILABLE} from '~/components/verify/verify-text'
import {noStoreHeaders, noStoreRouteHeaders} from '#netlify/platform/cache'
import {serverActionOr503} from '~/lib/client-action'
import {pageMeta} from '~/lib/meta'
import {VERIFY_PATH} from '#schemas/rules/certificates'
import {NOINDEX, verifyFromForm, type VerifyActionData} from '~/pages/verify-lookup.server'
import {Panel} from '~/components/ui/Panel'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {
    title: 'Verify a certificate',
    description: 'Check a course certificate from its number and the holder’s date of birth.',
    path: VERIFY_PATH,
    robots: 'noindex, nofollow',
  })

export function loader() {
  return data(null, {headers: noStoreHeaders(NOINDEX)})
}

export async function action({request, context}: ActionFunctionArgs) {
  const {body, status, headers} = await verifyFromForm(request, context)
  return data(body, {status, headers})
}

/** With JavaScript, a lost connection shows the "try again" answer and keeps what was typed. */
export function clientAction({serverAction}: ClientActionFunctionArgs): Promise<VerifyActionData | Response> {
  return serverActionOr503<VerifyActionData>(serverAction, {state: 'unavailable', message: VERIFY_UNAVAILABLE}, '[verify] the look-up failed')
}

export const headers: HeadersFunction = (args) => {
  const headers = new Headers(noStoreRouteHeaders(args))
  headers.set('X-Robots-Tag', NOINDEX['X-Robots-Tag'])
  return headers
}

const FIELD_ORDER = ['number', 'dateOfBirth'] as const

export default function VerifyPage() {
  const {fields, formProps, errorSummary, busy, outcome} = useVerifyForm('verify-form', VerifyFormSchema)

  return (
    <>
      <PageHero
        eyebrow="Certificates"
        title="Verify a certificate"
        lead="Enter the certificate number and the holder’s date of birth to check that a certificate we issued is genuine and still valid."
      />
      <section aria-label="Certificate verification" className="py-12 sm:py-16">
        <div className="container-page grid max-w-3xl gap-8">
          <Panel
            id="verify-form-heading"
            title="Certificate details"
            className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            headingClassName="text-xl font-bold text-navy-900"
          >
            {errorSummary(FIELD_ORDER)}
            <Form method="post" {...formProps} aria-labelledby="verify-form-heading" className="mt-5 grid gap-5 sm:grid-cols-2">
              <Field label={VERIFY_LABELS.number} field={fields.number} required hint="As printed on the certificate, e.g. MTC-BOSIET-2026-00001.">
                <input
                  {...getInputProps(fields.number, {type: 'text', ariaDescribedBy: fields.number.descriptionId})}
                  key={fields.number.key}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className={inputClass(fields.number.errors)}
                />
              </Field>
              <DateOfBirthField field={fields.dateOfBirth} hint="The holder’s date of birth." />
              <div className="sm:col-span-2">
                <SubmitButton busy={busy} label="Verify certificate" busyLabel="Checking..." className="w-full sm:w-auto" />
              </div>
            </Form>
          </Panel>
          <VerifyOutcome outcome={outcome} />
        </div>
      </section>
    </>
  )
}
