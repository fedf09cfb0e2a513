/**
 * /contact (docs/requirements.md#req-contact, #req-entities-contact, #req-validation-contact, #req-errors): the contact form and the provider's contact
 * details (email, phone, address, business hours, from the site settings).
 *
 * The form is validated with ContactSchema in the browser (conform) and again by the
 * action, which hands the message to acceptContactMessage (netlify/services/enquiries/contact.ts, the same
 * code as POST /api/contact: honeypot, per-client rate limit, storage in Blobs). It works
 * without JavaScript as a plain form POST. On success the spec's thank-you message appears in
 * a status region and the form is cleared; a failure (429, 500, no connection) shows an alert
 * and keeps what the visitor typed; the spec only logged failures.
 */
import {getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult} from '@conform-to/react'
import {getZodConstraint, parseWithZod} from '@conform-to/zod'
import type {ActionFunctionArgs, MetaFunction} from '@remix-run/node'
import {data, Form, useActionData, useNavigation, useRouteLoaderData, type ClientActionFunctionArgs} from '@remix-run/react'
import {useEffect, useRef, useState, type ReactNode} from 'react'
import {acceptContactMessage, ContactSubmissionSchema} from '#netlify/services/enquiries/contact'
import {clientAddress} from '#netlify/platform/http'
import {CONTACT_MESSAGES, CONTACT_SUBJECTS, ContactSchema} from '#schemas/contracts/forms/contact'
import {ErrorSummary} from '~/components/form/ErrorSummary'
import {Field, inputClass, SubmitButton} from '~/components/form/Field'
import {CheckIcon, ClockIcon, MailIcon, PhoneIcon, PinIcon} from '~/components/Icons'
import {PageHero} from '~/components/PageHero'
import {serverActionOr503} from '~/lib/client-action'
import {pageMeta} from '~/lib/meta'
import type {loader as rootLoader} from '~/root'
import {noStoreRouteHeaders} from '#netlify/platform/cache'
import {readFormBody} from '~/lib/form-body.server'
import {refusalOf} from '~/lib/service-response.server'
import {Panel} from '~/components/ui/Panel'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {
    title: 'Contact Us',
    description: 'Questions about a course, a certificate or a vessel registration? Send us a message or call our team in Ajman, UAE.',
    path: '/contact',
  })

/** Failures the spec left silent (docs/requirements.md#req-errors: "only logged"): the visitor is told. */
export const CONTACT_FAILURE_MESSAGES = {
  server: 'Sorry, your message could not be sent. Please try again in a moment, or email or call us directly.',
  network: 'Your message could not be sent: we could not reach the server. Please check your connection and try again.',
} as const

export type ContactActionData =
  | {status: 'success'; result: SubmissionResult<string[]>}
  | {status: 'invalid'; result: SubmissionResult<string[]>}
  | {status: 'error'; message: string; result?: SubmissionResult<string[]>}

/** Larger bodies are not a contact message (the message itself is at most 5000 characters). */
const MAX_FORM_BYTES = 64 * 1024

export async function action({request, context}: ActionFunctionArgs) {
  // A body that is not a readable form is answered 400/413/415 with its reason.
  const body = await readFormBody(request, MAX_FORM_BYTES)
  if (!body.ok) {
    const message = body.status === 413 ? 'Your message is too long to send.' : body.message
    return data<ContactActionData>({status: 'error', message}, {status: body.status})
  }
  const submission = parseWithZod(body.form, {schema: ContactSubmissionSchema})
  if (submission.status !== 'success') {
    return data<ContactActionData>({status: 'invalid', result: submission.reply({hideFields: ['website']})}, {status: 400})
  }
  try {
    await acceptContactMessage(submission.value, {client: clientAddress(request, context as {ip?: string})})
    return data<ContactActionData>({status: 'success', result: submission.reply({resetForm: true})})
  } catch (error) {
    const refusal = refusalOf(error)
    if (refusal) {
      return data<ContactActionData>(
        {status: 'error', message: refusal.message, result: submission.reply({hideFields: ['website']})},
        {status: refusal.status, headers: refusal.headers},
      )
    }
    console.error('[contact] the message could not be stored', error)
    return data<ContactActionData>(
      {status: 'error', message: CONTACT_FAILURE_MESSAGES.server, result: submission.reply({hideFields: ['website']})},
      {status: 500},
    )
  }
}

/** With JavaScript, a lost connection (or an unreadable answer) becomes a visible error that keeps what was typed (a 503: serverActionOr503). */
export function clientAction({serverAction}: ClientActionFunctionArgs): Promise<ContactActionData | Response> {
  return serverActionOr503<ContactActionData>(serverAction, {status: 'error', message: CONTACT_FAILURE_MESSAGES.network}, '[contact] sending failed')
}

const FIELD_LABELS = {
  name: 'Full name',
  email: 'Email address',
  phone: 'Phone number',
  subject: 'Subject',
  message: 'Message',
} as const
type FieldName = keyof typeof FIELD_LABELS
const FIELD_ORDER = Object.keys(FIELD_LABELS) as FieldName[]

export default function ContactPage() {
  const actionData = useActionData<typeof clientAction>() as ContactActionData | undefined
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  // The summary of errors appears once the visitor has tried to send (and stays while they fix them).
  const [triedToSend, setTriedToSend] = useState(false)
  // The outcome appears above the form: bring it into view, the visitor is at the button below.
  const noticesRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (actionData?.status === 'success') setTriedToSend(false)
    if (actionData?.status === 'success' || actionData?.status === 'error') noticesRef.current?.scrollIntoView({block: 'start'})
  }, [actionData])
  const contact = useRouteLoaderData<typeof rootLoader>('root')?.settings.contact

  const [form, fields] = useForm({
    id: 'contact-form',
    // Explicit empty values: the reset after a success then selects the subject's placeholder again.
    defaultValue: {name: '', email: '', phone: '', subject: '', message: ''},
    lastResult: navigation.state === 'idle' ? actionData?.result : null,
    constraint: getZodConstraint(ContactSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({formData}) => parseWithZod(formData, {schema: ContactSchema}),
  })

  const invalidFields = FIELD_ORDER.filter((name) => fields[name].errors?.length)
  const showSummary = (triedToSend || actionData?.status === 'invalid') && invalidFields.length > 0
  const formProps = getFormProps(form)
  const success = !busy && actionData?.status === 'success'
  const failure = !busy && actionData?.status === 'error' ? actionData.message : null

  return (
    <>
      <PageHero
        tone="light"
        eyebrow="Contact"
        title="Contact Us"
        lead="Questions about a course, a certificate or a registration? Send us a message and our team will get back to you."
      />

      <section aria-label="Contact form and details" className="py-14 sm:py-20">
        <div className="container-page grid gap-10 lg:grid-cols-3 lg:gap-12">
          <div className="lg:col-span-2">
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <h2 id="contact-form-heading" className="text-2xl font-bold text-navy-900">
                Send us a message
              </h2>
              <p className="mt-2 text-sm text-slate-600">
                Fields marked <span aria-hidden="true">*</span>
                <span className="sr-only">with an asterisk</span> are required.
              </p>

              <div ref={noticesRef} className="scroll-mt-28">
                <div role="status" data-testid="contact-status">
                  {success ? (
                    <p className="mt-6 flex items-start gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-4 font-medium text-emerald-900">
                      <CheckIcon className="mt-0.5 shrink-0" />
                      <span>{CONTACT_MESSAGES.success}</span>
                    </p>
                  ) : null}
                </div>

                {failure ? (
                  <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900" data-testid="contact-error">
                    <p className="font-semibold">Your message was not sent</p>
                    <p className="mt-1">{failure}</p>
                  </div>
                ) : null}
              </div>

              {showSummary ? (
                <ErrorSummary
                  id="contact-error-summary"
                  className="mt-6 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900"
                  errors={invalidFields.map((name) => ({fieldId: fields[name].id, label: FIELD_LABELS[name], message: fields[name].errors?.[0] ?? ''}))}
                />
              ) : null}

              <Form
                method="post"
                {...formProps}
                onSubmit={(event) => {
                  setTriedToSend(true)
                  formProps.onSubmit(event)
                }}
                aria-labelledby="contact-form-heading"
                className="mt-6 grid gap-5 sm:grid-cols-2"
              >
                <Field label={FIELD_LABELS.name} field={fields.name} required>
                  <input {...getInputProps(fields.name, {type: 'text'})} key={fields.name.key} autoComplete="name" className={inputClass(fields.name.errors)} />
                </Field>
                <Field label={FIELD_LABELS.email} field={fields.email} required>
                  <input
                    {...getInputProps(fields.email, {type: 'email'})}
                    key={fields.email.key}
                    autoComplete="email"
                    spellCheck={false}
                    className={inputClass(fields.email.errors)}
                  />
                </Field>
                <Field label={FIELD_LABELS.phone} optional field={fields.phone} hint="Include your country code, e.g. +971 6 123 4567.">
                  <input
                    {...getInputProps(fields.phone, {type: 'tel', ariaDescribedBy: fields.phone.descriptionId})}
                    key={fields.phone.key}
                    autoComplete="tel"
                    inputMode="tel"
                    className={inputClass(fields.phone.errors)}
                  />
                </Field>
                <Field label={FIELD_LABELS.subject} field={fields.subject} required>
                  <select {...getSelectProps(fields.subject)} key={fields.subject.key} className={inputClass(fields.subject.errors)}>
                    <option value="">Select a subject</option>
                    {CONTACT_SUBJECTS.map((subject) => (
                      <option key={subject} value={subject}>
                        {subject}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field className="sm:col-span-2" label={FIELD_LABELS.message} field={fields.message} required>
                  <textarea {...getTextareaProps(fields.message)} key={fields.message.key} rows={6} className={inputClass(fields.message.errors)} />
                </Field>

                {/* Honeypot: invisible and unreachable for people; bots that fill it are answered but ignored. */}
                <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
                  <label htmlFor="contact-website">Website (leave empty)</label>
                  <input id="contact-website" type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
                </div>

                <div className="sm:col-span-2">
                  <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." className="w-full sm:w-auto" />
                </div>
              </Form>
            </div>
          </div>

          <Panel
            as="aside"
            id="contact-details-heading"
            title="Get in touch"
            className="self-start rounded-2xl bg-navy-900 p-6 text-slate-200 sm:p-8"
            headingClassName="text-2xl font-bold text-white"
          >
            <p className="mt-2 text-sm text-slate-300">Prefer to talk? Our admissions team is happy to help.</p>
            {contact ? (
              <address className="mt-6 space-y-6 not-italic">
                {contact.email ? (
                  <Detail icon={<MailIcon />} label="Email">
                    <a href={`mailto:${contact.email}`} className="break-words text-white underline-offset-2 hover:text-brass-300 hover:underline">
                      {contact.email}
                    </a>
                  </Detail>
                ) : null}
                {contact.phone ? (
                  <Detail icon={<PhoneIcon />} label="Phone">
                    <a href={`tel:${contact.phoneHref ?? contact.phone}`} className="text-white underline-offset-2 hover:text-brass-300 hover:underline">
                      {contact.phone}
                    </a>
                  </Detail>
                ) : null}
                {contact.address ? (
                  <Detail icon={<PinIcon />} label="Address">
                    <span className="whitespace-pre-line">{contact.address}</span>
                  </Detail>
                ) : null}
                {contact.businessHours ? (
                  <Detail icon={<ClockIcon />} label="Business hours">
                    {contact.businessHours}
                  </Detail>
                ) : null}
              </address>
            ) : null}
          </Panel>
        </div>
      </section>
    </>
  )
}

function Detail({icon, label, children}: {icon: ReactNode; label: string; children: ReactNode}) {
  return (
    <div className="flex gap-4">
      <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-white/10 text-brass-300">
        {icon}
      </span>
      <div>
        <p className="text-sm font-semibold tracking-wide text-slate-300 uppercase">{label}</p>
        <p className="mt-1 text-base">{children}</p>
      </div>
    </div>
  )
}

/** Personal or transactional: never stored by browsers or the CDN (lib/cache.server.ts). */
export const headers = noStoreRouteHeaders
