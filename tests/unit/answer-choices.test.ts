/** The exam editor's correct-answer picker helpers (schemas/content/inputs/answerChoices.ts). */
import {describe, expect, it} from 'vitest'
import {pickableOptions, strayAnswers, toggleAnswer} from '#schemas/content/inputs/answerChoices'

describe('pickableOptions', () => {
  it('keeps non-empty string options once, in order', () => {
    expect(pickableOptions(['SOLAS', '', 'STCW', '  ', 'SOLAS', 3, null, 'MLC'])).toEqual(['SOLAS', 'STCW', 'MLC'])
  })
  it('answers [] when there are no options', () => {
    expect(pickableOptions(undefined)).toEqual([])
    expect(pickableOptions('SOLAS')).toEqual([])
  })
})

describe('strayAnswers', () => {
  const options = ['SOLAS', 'STCW', 'MLC']
  it('finds a single answer that is no longer an option', () => {
    expect(strayAnswers('SOLAS', options)).toEqual([])
    expect(strayAnswers('Solas', options)).toEqual(['Solas'])
  })
  it('finds the stray answers of a list, each once', () => {
    expect(strayAnswers(['STCW', 'MARPOL', 'MARPOL', 'MLC'], options)).toEqual(['MARPOL'])
  })
  it('treats every answer as stray when there are no options', () => {
    expect(strayAnswers(['A'], undefined)).toEqual(['A'])
  })
  it('has nothing to report for no answer', () => {
    expect(strayAnswers(undefined, options)).toEqual([])
    expect(strayAnswers([], options)).toEqual([])
  })
})

describe('toggleAnswer', () => {
  const options = ['A', 'B', 'C']
  it('ticks an option and keeps the options order', () => {
    expect(toggleAnswer(['C'], 'A', true, options)).toEqual(['A', 'C'])
  })
  it('unticks an option', () => {
    expect(toggleAnswer(['A', 'C'], 'A', false, options)).toEqual(['C'])
  })
  it('never duplicates an answer', () => {
    expect(toggleAnswer(['A'], 'A', true, options)).toEqual(['A'])
  })
  it('keeps stray answers until they are unticked', () => {
    expect(toggleAnswer(['Old', 'B'], 'A', true, options)).toEqual(['A', 'B', 'Old'])
    expect(toggleAnswer(['Old', 'B'], 'Old', false, options)).toEqual(['B'])
  })
  it('starts from nothing', () => {
    expect(toggleAnswer(undefined, 'B', true, options)).toEqual(['B'])
  })
})
