/**
 * The /payment form's terms checkbox (docs/requirements.md#req-terms; the rule and its
 * strings: schemas/rules/terms.ts). Its label is exactly TERMS_LABEL, with "Terms & Conditions"
 * and "Cancellation & Refund Policy" linking to the legal pages (same tab); it is required
 * (visible asterisk, `required` and `aria-required` for assistive technology) and shows its
 * field error under it, under the form's ids like every Field (../form/Field.tsx). Ticked, the
 * form sends 'on', which the form's check reads as `termsAccepted: true`.
 */
import {Link} from '@remix-run/react'
import {TERMS_PAGES} from '#schemas/rules/terms'
import {legalPath} from '#schemas/rules/paths'
import {controlProps, type FormField} from './useEnrolmentForm'

export function TermsCheckbox({field, disabled = false}: {field: FormField; disabled?: boolean}) {
  const invalid = Boolean(field.errors?.length)
  return (
    <div className={`rounded-2xl border p-4 sm:p-5 ${invalid ? 'border-red-500' : 'border-slate-200'}`} data-testid="terms">
      <div className="flex items-start gap-3">
        <input
          {...controlProps(field)}
          type="checkbox"
          value="on"
          required
          aria-required="true"
          disabled={disabled}
          className="mt-0.5 h-5 w-5 shrink-0 scroll-mt-36 rounded border-slate-400 text-ocean-600 focus:ring-2 focus:ring-ocean-500/30"
        />
        <label htmlFor={field.id} className="text-sm text-navy-900">
          I have read and accept the{' '}
          <Link to={legalPath(TERMS_PAGES.terms.slug)} className="font-semibold text-ocean-600 underline underline-offset-2">
            {TERMS_PAGES.terms.title}
          </Link>{' '}
          and the{' '}
          <Link to={legalPath(TERMS_PAGES.refund.slug)} className="font-semibold text-ocean-600 underline underline-offset-2">
            {TERMS_PAGES.refund.title}
          </Link>
          <span aria-hidden="true" className="ml-0.5 text-red-700">
            *
          </span>
        </label>
      </div>
      <p id={field.errorId} className="mt-2 text-sm font-medium text-red-700 empty:hidden">
        {field.errors?.[0]}
      </p>
    </div>
  )
}
