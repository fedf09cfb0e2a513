import {describe, expect, it} from 'vitest'
import {categoryPath, enrolPath, examResultsPath, examStartPath, examTakePath, servicePath} from '#schemas/rules/paths'

describe('paths', () => {
  it('builds category and exam paths', () => {
    expect(categoryPath('stcw-courses')).toBe('/courses/stcw-courses')
    expect(examStartPath('maritime-safety-basics')).toBe('/exam/maritime-safety-basics/start')
    expect(examTakePath('maritime-safety-basics')).toBe('/exam/maritime-safety-basics/take')
    expect(examResultsPath('maritime-safety-basics')).toBe('/exam/maritime-safety-basics/results')
  })
  it('places officer-licensing pages under their hub', () => {
    expect(servicePath('services', 'seaman-book')).toBe('/services/seaman-book')
    expect(servicePath('officer-licensing', 'captain')).toBe('/services/officer-licensing/captain')
  })
  it('encodes enrolment links so course names with slashes and spaces survive', () => {
    const href = enrolPath({training: 'competency-training', course: 'Master/Chief officer'})
    expect(href).toBe('/payment?training=competency-training&course=Master%2FChief+officer')
    expect(new URL(href, 'http://x').searchParams.get('course')).toBe('Master/Chief officer')
  })
  it('carries price and amount when given', () => {
    const url = new URL(enrolPath({training: 'stcw-courses', course: 'AFFA', price: '$900'}), 'http://x')
    expect(url.searchParams.get('price')).toBe('$900')
    const cadet = new URL(enrolPath({training: 'cadetship-training', course: 'deck-cadet', amount: 3500}), 'http://x')
    expect(Object.fromEntries(cadet.searchParams)).toEqual({training: 'cadetship-training', course: 'deck-cadet', amount: '3500'})
  })
})
