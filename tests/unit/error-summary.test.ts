/**
 * The shared error summary (web/app/components/form/ErrorSummary.tsx; /contact and,
 * /payment: docs/requirements.md#req-checkout-errors): one link per field error, in the order
 * given, to the field's id; its own alert unless shown inside one; nothing without errors.
 */
import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {ErrorSummary, type SummaryError} from '~/components/form/ErrorSummary'

const render = (errors: SummaryError[], live?: boolean) => renderToStaticMarkup(createElement(ErrorSummary, {id: 'sum', errors, live}))

describe('ErrorSummary', () => {
  const errors: SummaryError[] = [
    {fieldId: 'enrolment-name', label: 'Full name', message: 'Please enter your full name.'},
    {fieldId: 'enrolment-termsAccepted', label: 'Terms', message: 'Please accept the terms to continue.'},
  ]

  it('lists every error as a link to its field, in order', () => {
    const html = render(errors)
    const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => [href, text])
    expect(links).toEqual([
      ['#enrolment-name', 'Full name: Please enter your full name.'],
      ['#enrolment-termsAccepted', 'Terms: Please accept the terms to continue.'],
    ])
    expect(html).toContain('Please correct these 2 fields:')
    expect(render(errors.slice(0, 1))).toContain('Please correct this field:')
  })

  it('is an alert named by its heading, unless shown inside another alert', () => {
    expect(render(errors)).toMatch(/^<div role="alert" aria-labelledby="sum"/)
    expect(render(errors, false)).not.toContain('role="alert"')
  })

  it('renders nothing without errors', () => {
    expect(render([])).toBe('')
  })
})
