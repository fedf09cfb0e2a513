/**
 * The currency of an enrolment on /payment (docs/requirements.md#req-inr): for a course
 * whose content carries an INR price, "Pay in USD" / "Pay in INR" (two radio buttons, each with
 * its amount: "$450", "₹45,000.00"); for any other selection only the hidden `currency` field
 * with USD. The prices come from the domain (schemas/rules/enrolment.ts currencyOptions), never
 * from the query; the chosen value travels with create-order as `currency`.
 *
 * Props: `name` the form field's name (conform's `fields.currency.name`), `options` the currencies
 * with their amounts (USD first), `value` the chosen currency (one of `options`), `onChange`, and
 * the field's `errorId` and `errors` (the message of a currency the course has no price in).
 */
import {formatPrice} from '#schemas/rules/format'
import type {Currency} from '#schemas/rules/price'

export type CurrencyOption = {currency: Currency; amount: number}

export function CurrencyChoice({
  name,
  options,
  value,
  onChange,
  errorId,
  errors,
}: {
  name: string
  options: readonly CurrencyOption[]
  value: Currency
  onChange: (currency: Currency) => void
  errorId: string
  errors?: string[]
}) {
  if (options.length < 2) return <input type="hidden" name={name} value={options[0]?.currency ?? 'USD'} />
  const error = errors?.[0]
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined} data-testid="currency-choice">
      <legend className="block text-sm font-medium text-navy-900">Currency</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => {
          const id = `${name}-${option.currency.toLowerCase()}`
          const checked = option.currency === value
          return (
            <label
              key={option.currency}
              htmlFor={id}
              className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 ${checked ? 'border-ocean-600 bg-ocean-50' : 'border-slate-300 bg-white'}`}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.currency}
                checked={checked}
                onChange={() => onChange(option.currency)}
                className="h-4 w-4 accent-ocean-600"
              />
              <span className="font-medium text-navy-900">Pay in {option.currency}</span>
              <span className="ml-auto text-sm font-semibold text-slate-700 tabular-nums">{formatPrice(option.amount, option.currency)}</span>
            </label>
          )
        })}
      </div>
      <p className="text-xs text-slate-600">Both prices are set by us for this course; no exchange rate is applied.</p>
      <p id={errorId} className="text-sm font-medium text-red-700 empty:hidden">
        {error}
      </p>
    </fieldset>
  )
}
