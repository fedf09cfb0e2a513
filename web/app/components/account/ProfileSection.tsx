/**
 * My training's "Names for certificates" (docs/requirements.md#req-account): the name as printed
 * on certificates (as on the passport), the date of birth and the nationality. Correctable until
 * the first certificate is issued: a form with the three fields and "Save", checked in the
 * browser with the API's own schema (profileUpdateSchema: the same messages beside each field),
 * sent as PATCH /api/account/profile; the server's refusal is shown as it says it (role="alert"),
 * success is announced (role="status") and the page's data reloaded. Once a certificate exists,
 * the details are shown read-only with why.
 */
import {useRevalidator} from '@remix-run/react'
import {useId, useRef, useState, type FormEvent} from 'react'
import {profileUpdateSchema, type PortalProfile} from '#schemas/contracts/account'
import {providerToday} from '#schemas/rules/batches'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {Panel} from '~/components/ui/Panel'
import {sendJson} from './send-json'
import {FormError} from './FormError'
import {Detail} from './Detail'

type Field = 'name' | 'dateOfBirth' | 'nationality'
const FIELDS: readonly Field[] = ['name', 'dateOfBirth', 'nationality']

export function ProfileSection({profile}: {profile: PortalProfile}) {
  const ids = useId()
  const revalidator = useRevalidator()
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<Record<Field, string>>({
    name: profile.name,
    dateOfBirth: profile.dateOfBirth ?? '',
    nationality: profile.nationality ?? '',
  })
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState('')
  const [busy, setBusy] = useState(false)

  if (!profile.editable) {
    return (
      <Panel id="account-profile" title="Names for certificates" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
        <p className="text-sm text-slate-700">
          Your first certificate has been issued with these details, so they can no longer be changed here. If something is wrong, please contact us.
        </p>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <Detail term="Name as on your passport" value={profile.name} />
          <Detail term="Date of birth" value={profile.dateOfBirth ?? 'Not given'} />
          <Detail term="Nationality" value={profile.nationality ?? 'Not given'} />
        </dl>
      </Panel>
    )
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setError(null)
    setStatus('')
    const parsed = profileUpdateSchema(providerToday(new Date())).safeParse(values)
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {}
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field
        if (FIELDS.includes(field) && !found[field]) found[field] = issue.message
      }
      setErrors(found)
      const first = FIELDS.find((field) => found[field])
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus()
      return
    }
    setErrors({})
    setBusy(true)
    const answer = await sendJson<PortalProfile>('PATCH', '/api/account/profile', parsed.data)
    setBusy(false)
    if (!answer.ok) {
      const fieldErrors: Partial<Record<Field, string>> = {}
      for (const field of FIELDS) if (answer.fieldErrors[field]?.[0]) fieldErrors[field] = answer.fieldErrors[field]![0]
      setErrors(fieldErrors)
      setError(answer.message)
      return
    }
    setValues({name: answer.data.name, dateOfBirth: answer.data.dateOfBirth ?? '', nationality: answer.data.nationality ?? ''})
    setStatus('Saved. Your certificates will be issued with these details.')
    revalidator.revalidate()
  }

  const input = (field: Field, label: string, props: {type?: string; autoComplete?: string; hint?: string}) => {
    const id = `${ids}-${field}`
    const describedBy = [props.hint ? `${id}-hint` : '', errors[field] ? `${id}-error` : ''].filter(Boolean).join(' ')
    return (
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
          {label}
        </label>
        {props.hint ? (
          <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
            {props.hint}
          </p>
        ) : null}
        <input
          id={id}
          name={field}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          value={values[field]}
          onChange={(event) => {
            const value = event.currentTarget.value
            setValues((current) => ({...current, [field]: value}))
          }}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={`mt-1 block min-h-11 w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none ${errors[field] ? 'border-red-600' : 'border-slate-400'}`}
        />
        {errors[field] ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
            {errors[field]}
          </p>
        ) : null}
      </div>
    )
  }

  return (
    <Panel id="account-profile" title="Names for certificates" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      <p className="text-sm text-slate-700">
        Your certificates print these exactly. Check them against your passport and correct them until your first certificate is issued.
        {profile.updatedAt ? ` Last changed on ${formatProviderDateTime(profile.updatedAt)}.` : ''}
      </p>
      <form ref={formRef} onSubmit={submit} noValidate className="grid gap-4">
        {input('name', 'Name as on your passport', {autoComplete: 'name', hint: 'Given names and surname, as printed in your passport.'})}
        <div className="grid gap-4 sm:grid-cols-2">
          {input('dateOfBirth', 'Date of birth', {type: 'date', autoComplete: 'bday'})}
          {input('nationality', 'Nationality', {hint: 'For example: Indian, Filipino.'})}
        </div>
        <div>
          <button type="submit" className="btn-primary min-h-11 disabled:cursor-wait disabled:opacity-70" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
        <FormError message={error} />
        <p role="status" className="text-sm font-medium text-emerald-800 empty:hidden">
          {status}
        </p>
      </form>
    </Panel>
  )
}
