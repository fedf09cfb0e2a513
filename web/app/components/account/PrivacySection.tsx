/**
 * My training's privacy section (docs/requirements.md#req-account, #req-privacy): "Download my
 * data" (/account/my-data, the privacy export of the signed-in address) and "Ask us to erase my
 * data" (POST /api/account/erasure-request with an optional reason), a request staff see on the
 * privacy page. While a request waits, the section says so instead of offering the form.
 */
import {useRevalidator} from '@remix-run/react'
import {useId, useState, type FormEvent} from 'react'
import {ERASURE_PENDING, MAX_ERASURE_REASON} from '#schemas/contracts/account-sections'
import {ACCOUNT_ERASURE_REQUEST_API, ACCOUNT_MY_DATA_PATH} from '#schemas/rules/paths'
import {Panel} from '~/components/ui/Panel'
import {postAccount} from './account-post'
import {FormError} from './FormError'

export function PrivacySection({erasureRequested}: {erasureRequested: boolean}) {
  const revalidator = useRevalidator()
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(null)
    const result = await postAccount(ACCOUNT_ERASURE_REQUEST_API, reason.trim() ? {reason: reason.trim()} : {})
    setBusy(false)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setStatus(result.message)
    revalidator.revalidate()
  }

  return (
    <Panel id="account-privacy" title="Your data" className="grid gap-4" headingClassName="text-xl font-bold text-navy-900">
      <div className="grid gap-2">
        <p className="text-sm text-slate-700">A zip of everything we hold under this address: your records as JSON files and the documents you sent us.</p>
        <a className="btn-secondary min-h-11 justify-self-start" href={ACCOUNT_MY_DATA_PATH} download>
          Download my data
        </a>
      </div>
      <div role="status" className="text-sm font-semibold text-emerald-800 empty:hidden">
        {status}
      </div>
      {erasureRequested ? (
        <p className="text-sm text-slate-800" data-testid="erasure-pending">
          {ERASURE_PENDING}
        </p>
      ) : (
        <form className="grid gap-2" onSubmit={(event) => void onSubmit(event)} noValidate>
          <label htmlFor={reasonId} className="text-sm font-semibold text-navy-900">
            Why would you like your data erased? (optional)
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={3}
            maxLength={MAX_ERASURE_REASON}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className="rounded-lg border border-slate-400 px-3 py-2 text-base"
          />
          <p className="text-sm text-slate-700">
            We keep what the law requires of a business (amounts, dates, receipt numbers) and a certificate&apos;s register entry while it is valid.
          </p>
          <FormError message={error} />
          <button type="submit" className="btn-outline min-h-11 justify-self-start" aria-disabled={busy}>
            {busy ? 'Sending…' : 'Ask us to erase my data'}
          </button>
        </form>
      )}
    </Panel>
  )
}
