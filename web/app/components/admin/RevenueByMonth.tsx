/**
 * "Revenue by month" on the enrolment list (docs/requirements.md#req-refunds): what
 * was paid minus what was refunded in each of the last 12 calendar months, per currency, as a
 * small bar chart with its data table. The figures are #schemas/rules/revenue's (revenueFromCash:
 * months in Dubai time, payments in the month paid, refunds in the month made), computed by the
 * server from the enrolment index's sums; this component only draws them.
 *
 * - One currency at a time: with several, a Currency switch (buttons, aria-pressed) chooses it,
 *   USD first. Amounts are #schemas/rules/format formatMoney ("$2,200 USD", "-$100 USD").
 * - The chart is plain SVG, bars above the zero line for a positive month and below it for a
 *   negative one, scaled to the window's largest and smallest month; it stretches to any width
 *   (the SVG has no text: month labels and the scale are HTML, so they stay legible at 390 px).
 *   The chart is one image (role="img") named with its currency and range.
 * - The data table (caption, month, paid, refunded, revenue, and the 12 months' total) is always
 *   there for screen readers; "Show as table" (aria-pressed) shows it to everyone too.
 *
 * The window is the 12 months ending with the month the server answered in.
 */
import {useId, useState} from 'react'
import {formatMoney} from '#schemas/rules/format'
import {Table, type TableColumn} from '~/components/ui/Table'
import {fromMinorUnits} from '#schemas/rules/price'
import {monthLabel, type CurrencyRevenue, type MonthRevenue} from '#schemas/rules/revenue'

/** How many months the chart shows. */
export const REVENUE_MONTHS = 12

/** Minor units of `currency` as the admin pages write money. */
const money = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor), currency)

export function RevenueByMonth({data}: {data: readonly CurrencyRevenue[]}) {
  const ids = useId()
  const [chosen, setChosen] = useState<string | null>(null)
  const [showTable, setShowTable] = useState(false)
  const current = data.find((entry) => entry.currency === chosen) ?? data[0]

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${ids}-title`} className="text-lg font-semibold text-navy-900">
            Revenue by month
          </h2>
          <p className="mt-1 text-sm text-slate-600">Paid minus refunded, last {REVENUE_MONTHS} months (Dubai time).</p>
        </div>
        {current ? (
          <button
            type="button"
            aria-pressed={showTable}
            onClick={() => setShowTable((shown) => !shown)}
            className="btn-outline min-h-10 px-3 py-1.5 aria-pressed:bg-navy-800 aria-pressed:text-white aria-pressed:hover:bg-navy-700"
          >
            Show as table
          </button>
        ) : null}
      </div>

      {!current ? (
        <p className="mt-4 text-sm text-slate-600">No payments or refunds in the last {REVENUE_MONTHS} months.</p>
      ) : (
        <>
          {data.length > 1 ? (
            <div role="group" aria-label="Currency" className="mt-4 flex flex-wrap gap-2">
              {data.map((entry) => (
                <button
                  key={entry.currency}
                  type="button"
                  aria-pressed={entry.currency === current.currency}
                  onClick={() => setChosen(entry.currency)}
                  className={`inline-flex min-h-10 min-w-14 items-center justify-center rounded-lg border px-3 text-sm font-semibold ${
                    entry.currency === current.currency ? 'border-navy-800 bg-navy-800 text-white' : 'border-slate-300 text-navy-900 hover:bg-ocean-50'
                  }`}
                >
                  {entry.currency}
                </button>
              ))}
            </div>
          ) : null}
          <p className="mt-4 text-sm text-slate-700">
            Last {REVENUE_MONTHS} months: <strong className="font-semibold text-navy-900">{money(current.netMinor, current.currency)}</strong>
          </p>
          <Bars months={current.months} currency={current.currency} />
          {showTable ? (
            <div role="region" aria-labelledby={`${ids}-caption`} tabIndex={0} className="mt-4 max-w-3xl overflow-x-auto rounded-lg border border-slate-200">
              <MonthTable revenue={current} captionId={`${ids}-caption`} />
            </div>
          ) : (
            <div className="sr-only">
              <MonthTable revenue={current} captionId={`${ids}-caption`} />
            </div>
          )}
        </>
      )}
    </section>
  )
}

/** The data table of one currency's months, with their total (always rendered: screen readers read it when it is not shown). */
function MonthTable({revenue, captionId}: {revenue: CurrencyRevenue; captionId: string}) {
  const sum = (field: 'paidMinor' | 'refundedMinor') => revenue.months.reduce((total, month) => total + month[field], 0)
  return (
    <Table
      caption={`Revenue by month, ${revenue.currency}: paid minus refunded`}
      captionId={captionId}
      captionClassName="px-3 py-2 text-left text-sm font-semibold text-navy-900"
      columns={MONTH_COLUMNS}
      className="min-w-full divide-y divide-slate-200 text-left text-sm"
      headClassName="bg-slate-50"
      headingClassName="px-3 py-2 font-semibold whitespace-nowrap text-navy-900"
    >
      <tbody className="divide-y divide-slate-100">
        {revenue.months.map((month) => (
          <MoneyRow
            key={month.month}
            label={monthLabel(month.month, 'long')}
            amounts={[month.paidMinor, month.refundedMinor, month.netMinor]}
            currency={revenue.currency}
            labelClassName="font-medium whitespace-nowrap"
          />
        ))}
      </tbody>
      <tfoot className="border-t border-slate-300">
        <MoneyRow
          label="Total"
          amounts={[sum('paidMinor'), sum('refundedMinor'), revenue.netMinor]}
          currency={revenue.currency}
          labelClassName="font-semibold"
        />
      </tfoot>
    </Table>
  )
}

const MONTH_COLUMNS: TableColumn[] = [
  {key: 'month', label: 'Month'},
  ...['Paid', 'Refunded', 'Revenue'].map((label) => ({key: label, label, className: 'text-right'})),
]

/** A row of the table: its heading, then paid, refunded and revenue (the last in bold), minor units of `currency`. */
function MoneyRow({label, amounts, currency, labelClassName}: {label: string; amounts: readonly number[]; currency: string; labelClassName: string}) {
  return (
    <tr>
      <th scope="row" className={`px-3 py-2 text-navy-900 ${labelClassName}`}>
        {label}
      </th>
      {amounts.map((amount, index) => (
        <td key={index} className={`px-3 py-2 text-right whitespace-nowrap tabular-nums${index === amounts.length - 1 ? ' font-semibold' : ''}`}>
          {money(amount, currency)}
        </td>
      ))}
    </tr>
  )
}

/** Width of one month's slot and its bar in the SVG's units (the SVG stretches to the box). */
const SLOT = 10
const BAR = 6
/** Height of the plot in the SVG's units. */
const PLOT = 100

/**
 * The bars of one currency's months: a slot per month, the zero line where 0 falls between the
 * largest month (top) and the smallest, if negative (bottom); the scale's two ends written in
 * HTML beside their dashed lines.
 */
function Bars({months, currency}: {months: readonly MonthRevenue[]; currency: string}) {
  const top = Math.max(0, ...months.map((month) => month.netMinor))
  const bottom = Math.min(0, ...months.map((month) => month.netMinor))
  const range = top - bottom || 1
  const zero = (top / range) * PLOT
  const first = months[0]
  const last = months.at(-1)
  const name = `Bar chart of revenue by month in ${currency}${first && last ? `, ${monthLabel(first.month, 'long')} to ${monthLabel(last.month, 'long')}` : ''}`

  return (
    <div role="img" aria-label={name} className="mt-3 max-w-3xl">
      <div className="relative mt-6 mb-6 h-40 sm:h-48">
        {top > 0 ? (
          <span className="absolute right-0 -translate-y-full pb-0.5 text-xs text-slate-600 tabular-nums" style={{top: 0}}>
            {money(top, currency)}
          </span>
        ) : null}
        {bottom < 0 ? (
          <span className="absolute right-0 pt-0.5 text-xs text-slate-600 tabular-nums" style={{top: '100%'}}>
            {money(bottom, currency)}
          </span>
        ) : null}
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox={`0 0 ${months.length * SLOT} ${PLOT}`}
          preserveAspectRatio="none"
          className="absolute inset-0 h-full w-full overflow-visible"
        >
          {top > 0 ? (
            <line x1={0} x2={months.length * SLOT} y1={0} y2={0} className="stroke-slate-300" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          ) : null}
          {bottom < 0 ? (
            <line x1={0} x2={months.length * SLOT} y1={PLOT} y2={PLOT} className="stroke-slate-300" strokeDasharray="4 4" vectorEffect="non-scaling-stroke" />
          ) : null}
          {months.map((month, index) => {
            if (month.netMinor === 0) return null
            const height = (Math.abs(month.netMinor) / range) * PLOT
            return (
              <rect
                key={month.month}
                data-month={month.month}
                x={index * SLOT + (SLOT - BAR) / 2}
                width={BAR}
                y={month.netMinor > 0 ? zero - height : zero}
                height={height}
                className={month.netMinor > 0 ? 'fill-ocean-600' : 'fill-red-700'}
              >
                <title>{`${monthLabel(month.month)}: ${money(month.netMinor, currency)}`}</title>
              </rect>
            )
          })}
          <line x1={0} x2={months.length * SLOT} y1={zero} y2={zero} className="stroke-navy-900" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <ol
        className="grid text-center text-[11px] leading-tight text-slate-700 sm:text-xs"
        style={{gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))`}}
      >
        {months.map((month) => {
          const [name, year] = monthLabel(month.month).split(' ')
          return (
            <li key={month.month}>
              <span className="block sm:inline">{name}</span> <span className="block sm:inline">{year}</span>
            </li>
          )
        })}
      </ol>
    </div>
  )
}
