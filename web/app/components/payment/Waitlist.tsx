/**
 * A full batch's waitlist on the enrolment form (/payment,
 * docs/requirements.md#req-batches-form): name, e-mail and mobile (prefilled from the enrolment
 * form) posted to POST /api/waitlist with the batch id; no money is taken. Validated in the
 * browser with the API's own schema (WaitlistSchema); the server's refusals (400 fields, 409, 429)
 * show in the form's alert. A form of its own, rendered outside the enrolment form.
 */
import {getFormProps, getInputProps, useForm} from '@conform-to/react'
import {parseWithZod} from '@conform-to/zod'
import {useState} from 'react'
import {Field, inputClass} from '~/components/form/Field'
import {joinWaitlist} from '~/lib/waitlist'
import {WaitlistSchema} from '#schemas/contracts/batches'

export type WaitlistProps = {
  batchId: string
  /** The batch as its option says it ("12–16 Jan 2027 · Mumbai"). */
  batchLabel: string
  defaults: {name?: string; email?: string; mobile?: string}
  /** "Choose another date": back to the enrolment form's date select. */
  onChooseAnother: () => void
}

export function Waitlist({batchId, batchLabel, defaults, onChooseAnother}: WaitlistProps) {
  const [sending, setSending] = useState(false)
  const [position, setPosition] = useState<number | null>(null)
  const [serverError, setServerError] = useState<string | null>(null)
  const [serverFieldErrors, setServerFieldErrors] = useState<Record<string, string[] | undefined>>({})

  const [form, fields] = useForm({
    id: 'waitlist',
    defaultValue: {batchId, ...defaults},
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({formData}) => parseWithZod(formData, {schema: WaitlistSchema}),
    async onSubmit(event, {submission}) {
      event.preventDefault()
      if (submission?.status !== 'success') return
      setSending(true)
      setServerError(null)
      const outcome = await joinWaitlist(submission.value)
      setSending(false)
      if (outcome.ok) return setPosition(outcome.position)
      setServerError(outcome.message)
      setServerFieldErrors(outcome.fieldErrors)
    },
  })

  const errorsOf = (name: 'name' | 'email' | 'mobile') => fields[name].errors ?? serverFieldErrors[name]
  /** What Field reads of a field, with the server's field errors when the browser's checks found none (conform's metadata are getters: no spread). */
  const ids = (name: 'name' | 'email' | 'mobile') => ({
    id: fields[name].id,
    errorId: fields[name].errorId,
    descriptionId: fields[name].descriptionId,
    errors: errorsOf(name),
  })

  return (
    <section aria-labelledby="waitlist-heading" className="space-y-4 rounded-2xl border border-amber-200 bg-amber-50 p-6" data-testid="waitlist">
      <h2 id="waitlist-heading" className="text-lg font-semibold text-navy-900">
        Join the waitlist
      </h2>
      {position !== null ? (
        <p role="status" className="rounded-lg bg-white p-4 font-medium text-navy-900" data-testid="waitlist-success">
          You are on the waitlist for {batchLabel} (number {position} in line). We will contact you if a seat becomes free. No payment has been taken.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {batchLabel} has no seat left. Leave your details and we will contact you if a seat becomes free; no payment is taken.
          </p>
          <form {...getFormProps(form)} className="space-y-4" aria-describedby="waitlist-alert">
            <div
              id="waitlist-alert"
              role="alert"
              className={serverError ? 'rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800' : 'sr-only'}
            >
              {serverError}
            </div>
            <input {...getInputProps(fields.batchId, {type: 'hidden'})} />
            <Field look="enrolment" label="Full name" field={ids('name')}>
              <input
                {...getInputProps(fields.name, {type: 'text'})}
                aria-invalid={errorsOf('name') ? true : undefined}
                aria-describedby={errorsOf('name') ? fields.name.errorId : undefined}
                autoComplete="name"
                className={inputClass(errorsOf('name'), 'enrolment')}
              />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field look="enrolment" label="Email" field={ids('email')}>
                <input
                  {...getInputProps(fields.email, {type: 'email'})}
                  aria-invalid={errorsOf('email') ? true : undefined}
                  aria-describedby={errorsOf('email') ? fields.email.errorId : undefined}
                  autoComplete="email"
                  className={inputClass(errorsOf('email'), 'enrolment')}
                />
              </Field>
              <Field look="enrolment" label="Mobile" field={ids('mobile')}>
                <input
                  {...getInputProps(fields.mobile, {type: 'tel'})}
                  aria-invalid={errorsOf('mobile') ? true : undefined}
                  aria-describedby={errorsOf('mobile') ? fields.mobile.errorId : undefined}
                  autoComplete="tel"
                  className={inputClass(errorsOf('mobile'), 'enrolment')}
                />
              </Field>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <button type="submit" className="btn-primary px-6" disabled={sending}>
                {sending ? 'Sending...' : 'Join the waitlist'}
              </button>
              <button type="button" className="btn-outline px-6" onClick={onChooseAnother}>
                Choose another date
              </button>
            </div>
          </form>
        </>
      )}
      {position !== null ? (
        <button type="button" className="btn-outline px-6" onClick={onChooseAnother}>
          Choose another date
        </button>
      ) : null}
    </section>
  )
}
