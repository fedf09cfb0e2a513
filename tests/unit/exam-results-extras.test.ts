/** docs/requirements.md#req-exam-results-pdf: the results screen's courses link and the PDF download's file name. */
import {describe, expect, it} from 'vitest'
import {coursesForExam} from '~/lib/exam-courses'
import {dispositionFileName, resultsPdfPath} from '~/lib/exam-results-pdf'

describe('the courses an exam suggests', () => {
  it('links to the course category the exam names', () => {
    expect(coursesForExam({slug: 'stcw-courses', title: 'STCW Courses'})).toEqual({href: '/courses/stcw-courses', label: 'Explore the STCW Courses'})
  })
  it('links to all courses without one (unset, or a reference to an unpublished category)', () => {
    expect(coursesForExam(null)).toEqual({href: '/courses', label: 'Explore our courses'})
    expect(coursesForExam({slug: null, title: null})).toEqual({href: '/courses', label: 'Explore our courses'})
  })
})

describe('the PDF download', () => {
  it('posts to /exam/{examId}/results.pdf and saves under the name the server gives', () => {
    expect(resultsPdfPath('maritime-safety-basics')).toBe('/exam/maritime-safety-basics/results.pdf')
    expect(dispositionFileName('attachment; filename="exam-results-a-2026-11-24.pdf"', 'x.pdf')).toBe('exam-results-a-2026-11-24.pdf')
    expect(dispositionFileName(null, 'x.pdf')).toBe('x.pdf')
  })
})
