/**
 * The shared form Field (web/app/components/form/Field.tsx): the ids of its label, hint and error,
 * and that conform's helpers point the control's aria attributes at them (server-rendered markup).
 */
import {getInputProps, useForm, type SubmissionResult} from '@conform-to/react'
import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {Field, inputClass, type FieldIds, type FormLook} from '~/components/form/Field'

const phoneIds = (errors?: string[]): FieldIds => ({id: 'f-phone', errorId: 'f-phone-error', descriptionId: 'f-phone-description', errors})

function render(field: FieldIds, props: {hint?: string; look?: FormLook; required?: boolean; optional?: boolean} = {}) {
  return renderToStaticMarkup(createElement(Field, {field, label: 'Phone', ...props, children: createElement('input', {id: field.id})}))
}

/** The opening tag of the first element with this id. */
function tagWithId(html: string, id: string): string {
  const tag = html.match(new RegExp(`<[a-z]+ [^>]*id="${id}"[^>]*>`))?.[0]
  if (!tag) throw new Error(`no element with id ${id} in ${html}`)
  return tag
}

/** A one-field form with conform, written as the pages write it; `errors` arrive as a server reply would. */
function ConformPhone({errors, hint}: {errors?: string[]; hint?: string}) {
  const lastResult: SubmissionResult<string[]> | undefined = errors ? {status: 'error', initialValue: {phone: 'x'}, error: {phone: errors}} : undefined
  const [, fields] = useForm<{phone: string}>({id: 'demo', lastResult, constraint: {phone: {required: true}}})
  const phone = fields.phone
  const control = createElement('input', {
    ...getInputProps(phone, {type: 'tel', ariaDescribedBy: hint ? phone.descriptionId : undefined}),
    className: inputClass(phone.errors),
  })
  return createElement(Field, {field: phone, label: 'Phone', hint, children: control})
}

const renderConform = (props: {errors?: string[]; hint?: string}) => renderToStaticMarkup(createElement(ConformPhone, props))

describe('Field', () => {
  it('labels the control by its id and shows the hint under descriptionId and the first error under errorId', () => {
    const html = render(phoneIds(['Please enter a valid phone number.', 'second']), {hint: 'With country code'})
    expect(html).toContain('<label for="f-phone"')
    expect(tagWithId(html, 'f-phone-description')).toMatch(/^<p /)
    expect(html).toMatch(/id="f-phone-description"[^>]*>With country code<\/p>/)
    expect(html).toMatch(/id="f-phone-error"[^>]*>Please enter a valid phone number\.<\/p>/)
    expect(html).not.toContain('second')
  })

  it('keeps an empty, hidden error element while the field is valid, and no hint element without a hint', () => {
    const html = render(phoneIds())
    expect(html).toMatch(/<p id="f-phone-error" class="[^"]*\bempty:hidden\b[^"]*"><\/p>/)
    expect(html).not.toContain('f-phone-description')
  })

  it('puts the hint before the control (contact, login) or under it (enrolment)', () => {
    const before = render(phoneIds(), {hint: 'Hint'})
    expect(before.indexOf('id="f-phone-description"')).toBeLessThan(before.indexOf('<input'))
    const after = render(phoneIds(), {hint: 'Hint', look: 'enrolment'})
    expect(after.indexOf('id="f-phone-description"')).toBeGreaterThan(after.indexOf('<input'))
    expect(after.indexOf('id="f-phone-description"')).toBeLessThan(after.indexOf('id="f-phone-error"'))
  })

  it('marks required fields with an asterisk hidden from screen readers, optional ones in words', () => {
    expect(render(phoneIds(), {required: true})).toMatch(/Phone<span aria-hidden="true"[^>]*>\*<\/span><\/label>/)
    expect(render(phoneIds(), {optional: true})).toContain('> (optional)</span></label>')
  })
})

describe('inputClass', () => {
  it('gives a red border to a field with errors, in every look', () => {
    for (const look of ['enrolment', 'contact', 'login'] as const) {
      expect(inputClass(['x'], look)).toMatch(/\bborder-red-\d+\b/)
      expect(inputClass(undefined, look)).not.toMatch(/\bborder-red-/)
      expect(inputClass([], look)).toBe(inputClass(undefined, look))
    }
  })
})

describe('Field with conform’s helpers', () => {
  it('a valid field: no aria-invalid; aria-describedby is the hint only, and only when there is one', () => {
    const input = tagWithId(renderConform({hint: 'With country code'}), 'demo-phone')
    expect(input).toMatch(/^<input /)
    expect(input).toContain('name="phone"')
    expect(input).toContain('required=""')
    expect(input).not.toContain('aria-invalid')
    expect(input).toContain('aria-describedby="demo-phone-description"')
    expect(tagWithId(renderConform({}), 'demo-phone')).not.toContain('aria-describedby')
  })

  it('a field with errors: aria-invalid, and aria-describedby names the error, then the hint, both present in the markup', () => {
    const html = renderConform({errors: ['Please enter a valid phone number.'], hint: 'With country code'})
    const input = tagWithId(html, 'demo-phone')
    expect(input).toContain('aria-invalid="true"')
    const describedBy = input.match(/aria-describedby="([^"]*)"/)?.[1]
    expect(describedBy).toBe('demo-phone-error demo-phone-description')
    for (const id of describedBy!.split(' ')) expect(html).toContain(`id="${id}"`)
    expect(html).toMatch(/id="demo-phone-error"[^>]*>Please enter a valid phone number\.<\/p>/)
    expect(input).toMatch(/\bborder-red-/)
  })

  it('a field with errors and no hint: aria-describedby is the error alone', () => {
    const input = tagWithId(renderConform({errors: ['Required']}), 'demo-phone')
    expect(input).toContain('aria-describedby="demo-phone-error"')
  })
})
