// @vitest-environment jsdom
/**
 * The exam editor's correct-answer inputs (schemas/content/inputs/CorrectAnswerInput.tsx),
 * rendered in a DOM with the question's siblings (`type`, `options`) supplied in place of the
 * studio's form state: radios and checkboxes built from the options, the "Add options first"
 * hint, stray answers shown with a warning, and the patches a click sends.
 */
import {act, createElement, type ReactElement} from 'react'
import {createRoot, type Root} from 'react-dom/client'
import {studioTheme, ThemeProvider} from '@sanity/ui'
import {afterEach, beforeAll, describe, expect, it, vi} from 'vitest'

/** The question the inputs sit in: what `useFormValue([..., 'type' | 'options'])` answers. */
const question: {type?: string; options?: unknown} = {}

vi.mock('sanity', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sanity')>()),
  useFormValue: (path: unknown[]) => question[path.at(-1) as 'type' | 'options'],
}))

const {CorrectAnswerInput, CorrectAnswersInput} = await import('#schemas/content/inputs/CorrectAnswerInput')

beforeAll(() => {
  ;(globalThis as {IS_REACT_ACT_ENVIRONMENT?: boolean}).IS_REACT_ACT_ENVIRONMENT = true
})

let root: Root | undefined
let container: HTMLElement
afterEach(() => {
  act(() => root?.unmount())
  container?.remove()
  root = undefined
})

function render(element: ReactElement): HTMLElement {
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
  act(() => root!.render(createElement(ThemeProvider, {theme: studioTheme}, element)))
  return container
}

/** The props the studio passes, reduced to what the inputs read. */
function props(field: 'correctAnswer' | 'correctAnswers', value: unknown) {
  const onChange = vi.fn()
  const p = {
    path: ['questions', {_key: 'k1'}, field],
    value,
    onChange,
    readOnly: false,
    schemaType: {title: field === 'correctAnswer' ? 'Correct answer' : 'Correct answers'},
    elementProps: {id: field, onFocus: () => {}, onBlur: () => {}, ref: {current: null}, 'aria-describedby': undefined},
    renderDefault: () => createElement('input', {'data-testid': 'default-input'}),
  }
  return {props: p as any, onChange}
}

const choices = (el: HTMLElement, type: 'radio' | 'checkbox') =>
  [...el.querySelectorAll<HTMLInputElement>(`input[type=${type}]`)].map((input) => ({
    input,
    label: input.closest('label')?.textContent ?? '',
    checked: input.checked,
  }))

describe('CorrectAnswerInput (single choice)', () => {
  it('offers the options as a named radio group and sets the picked one', () => {
    Object.assign(question, {type: 'single-choice', options: ['SOLAS', 'STCW', '', 'MLC']})
    const {props: p, onChange} = props('correctAnswer', 'SOLAS')
    const el = render(createElement(CorrectAnswerInput, p))
    expect(el.querySelector('[role=radiogroup]')?.getAttribute('aria-label')).toBe('Correct answer')
    const radios = choices(el, 'radio')
    expect(radios.map((r) => [r.label, r.checked])).toEqual([
      ['SOLAS', true],
      ['STCW', false],
      ['MLC', false],
    ])
    expect(new Set(radios.map((r) => r.input.name)).size).toBe(1)
    act(() => radios[1]!.input.click())
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({type: 'set', value: 'STCW'}))
  })

  it('asks for options first when there are none', () => {
    Object.assign(question, {type: 'single-choice', options: undefined})
    const el = render(createElement(CorrectAnswerInput, props('correctAnswer', undefined).props))
    expect(el.textContent).toContain('Add options first')
    expect(choices(el, 'radio')).toEqual([])
  })

  it('shows a saved answer that is no longer an option, with a warning', () => {
    Object.assign(question, {type: 'single-choice', options: ['SOLAS', 'STCW']})
    const el = render(createElement(CorrectAnswerInput, props('correctAnswer', 'Solas').props))
    const stray = choices(el, 'radio').find((r) => r.checked)
    expect(stray?.label).toBe('SolasNot an option')
    expect(el.textContent).toContain('The saved answer "Solas" is not one of this question\'s options any more')
  })

  it('keeps the normal text input for text questions', () => {
    Object.assign(question, {type: 'text', options: undefined})
    const el = render(createElement(CorrectAnswerInput, props('correctAnswer', 'Mayday').props))
    expect(el.querySelector('[data-testid=default-input]')).not.toBeNull()
    expect(choices(el, 'radio')).toEqual([])
  })
})

describe('CorrectAnswersInput (multiple choice)', () => {
  it('offers the options as checkboxes and keeps the options order', () => {
    Object.assign(question, {type: 'multiple-choice', options: ['A', 'B', 'C']})
    const {props: p, onChange} = props('correctAnswers', ['C'])
    const el = render(createElement(CorrectAnswersInput, p))
    expect(el.querySelector('[role=group]')?.getAttribute('aria-label')).toBe('Correct answers')
    const boxes = choices(el, 'checkbox')
    expect(boxes.map((b) => [b.label, b.checked])).toEqual([
      ['A', false],
      ['B', false],
      ['C', true],
    ])
    act(() => boxes[0]!.input.click())
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({type: 'set', value: ['A', 'C']}))
  })

  it('unsets the field when the last answer is unticked', () => {
    Object.assign(question, {type: 'multiple-choice', options: ['A', 'B']})
    const {props: p, onChange} = props('correctAnswers', ['B'])
    const el = render(createElement(CorrectAnswersInput, p))
    act(() => choices(el, 'checkbox')[1]!.input.click())
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({type: 'unset'}))
  })

  it('shows stray answers ticked, with a warning, until they are unticked', () => {
    Object.assign(question, {type: 'multiple-choice', options: ['A', 'B']})
    const {props: p, onChange} = props('correctAnswers', ['A', 'Old'])
    const el = render(createElement(CorrectAnswersInput, p))
    const stray = choices(el, 'checkbox').find((b) => b.label.startsWith('Old'))
    expect(stray?.checked).toBe(true)
    expect(stray?.label).toContain('Not an option')
    expect(el.textContent).toContain('The saved answer "Old" is not one of this question\'s options any more')
    act(() => stray!.input.click())
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({type: 'set', value: ['A']}))
  })

  it('asks for options first when there are none', () => {
    Object.assign(question, {type: 'multiple-choice', options: []})
    const el = render(createElement(CorrectAnswersInput, props('correctAnswers', undefined).props))
    expect(el.textContent).toContain('Add options first')
  })
})
