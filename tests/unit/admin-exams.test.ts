/** The /admin/exams page's formats and CSV (web/app/components/admin/exams.ts; docs/requirements.md#req-item-statistics). */
import {describe, expect, it} from 'vitest'
import {discriminationText, facilityText, flagText, statisticsCsv, statisticsFileName, variantMetaText, variantsCountText} from '~/components/admin/exams'

describe('exam statistics formats', () => {
  it('shows facility as a whole percent and discrimination to two decimals', () => {
    expect([facilityText(0.5), facilityText(0.125), facilityText(1), facilityText(null)]).toEqual(['50 %', '13 %', '100 %', '—'])
    expect([discriminationText(2.5 / 3), discriminationText(-0.125), discriminationText(0), discriminationText(null)]).toEqual(['0.83', '-0.13', '0.00', '—'])
  })

  it('says a variant needs 30 attempts before it is flagged', () => {
    expect(flagText({attempts: 12, flags: []}, 30)).toBe('Not yet (12 of 30 attempts)')
    expect(flagText({attempts: 30, flags: []}, 30)).toBe('None')
    expect(flagText({attempts: 40, flags: ['too-easy', 'low-discrimination']}, 30)).toBe('Too easy (facility over 95 %); Low discrimination (under 0.2)')
  })

  it('names a variant by its question number, or says it left the exam; counts variants and says when none has attempts', () => {
    expect(variantMetaText({slot: 3, variantId: 'q3b'})).toBe('Question 3 · variant q3b')
    expect(variantMetaText({slot: null, variantId: 'q9'})).toBe('Variant q9')
    const row = {variantId: 'q1', slot: 1, question: 'Q?', points: 5, averagePoints: null, facility: null, discrimination: null, flags: []}
    expect(
      variantsCountText([
        {...row, attempts: 0},
        {...row, attempts: 0},
      ]),
    ).toBe('2 variants, no attempts recorded yet')
    expect(variantsCountText([{...row, attempts: 2}])).toBe('1 variant')
  })

  it('exports the rows as CSV with a header', () => {
    const csv = statisticsCsv({
      examId: 'exam-a',
      minimumAttemptsForFlags: 30,
      variants: [
        {
          variantId: 'q1',
          slot: 1,
          question: 'Which word, "begins" a distress call?',
          attempts: 40,
          points: 10,
          averagePoints: 0.75,
          facility: 0.075,
          discrimination: 0.1,
          flags: ['too-hard', 'low-discrimination'],
        },
        {variantId: 'q2', slot: null, question: null, attempts: 0, points: 5, averagePoints: null, facility: null, discrimination: null, flags: []},
      ],
    })
    const lines = csv.replace(/\r\n$/, '').split(/\r\n/)
    expect(lines[0]).toBe('Exam ID,Slot,Variant ID,Question,Points,Attempts,Facility (%),Discrimination,Flag')
    expect(lines[1]).toBe('exam-a,1,q1,"Which word, ""begins"" a distress call?",10,40,8,0.10,Too hard (facility under 20 %); Low discrimination (under 0.2)')
    expect(lines[2]).toBe('exam-a,,q2,(no longer in the exam),5,0,,,Not yet (0 of 30 attempts)')
    expect(statisticsFileName('exam-a', new Date(2026, 10, 24, 12))).toBe('exam-statistics-exam-a-2026-11-24.csv')
  })
})
