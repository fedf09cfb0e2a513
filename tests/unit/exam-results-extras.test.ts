/** Issue 18 (docs/requirements.md#req-exam-results-pdf): the results screen's courses link and the PDF download's file name. */
import {describe, expect, it} from 'vitest'
import {coursesForExamCategory} from '~/lib/exam-courses'
import {dispositionFileName, resultsPdfPath} from '~/lib/exam-results-pdf'

describe('the courses of an exam category', () => {
  it('links the seed categories to the STCW Courses, whatever the case', () => {
    expect(coursesForExamCategory('Safety')).toEqual({href: '/courses/stcw-courses', label: 'Explore the STCW Courses'})
    expect(coursesForExamCategory(' navigation ')).toEqual({href: '/courses/stcw-courses', label: 'Explore the STCW Courses'})
  })
  it('links an unknown or missing category to all courses', () => {
    expect(coursesForExamCategory('Meteorology')).toEqual({href: '/courses', label: 'Explore our courses'})
    expect(coursesForExamCategory(null)).toEqual({href: '/courses', label: 'Explore our courses'})
  })
})

describe('the PDF download', () => {
  it('posts to /exam/{examId}/results.pdf and saves under the name the server gives', () => {
    expect(resultsPdfPath('maritime-safety-basics')).toBe('/exam/maritime-safety-basics/results.pdf')
    expect(dispositionFileName('attachment; filename="exam-results-a-2026-11-24.pdf"', 'x.pdf')).toBe('exam-results-a-2026-11-24.pdf')
    expect(dispositionFileName(null, 'x.pdf')).toBe('x.pdf')
  })
})
