/**
 * The pass mark of a practice exam (docs/requirements.md#req-exam-pass): a result passes
 * when its percentage (0–100, schemas/rules/exam-scoring.ts) is at least the exam's `passMark`
 * (percent; 70 when the exam does not set one). Pure; for the browser and the server.
 */

/** The pass mark when the exam sets none (percent). */
export const DEFAULT_PASS_MARK = 70

/** The words shown next to the grade. */
export const PASS_LABELS = {passed: 'Passed', notPassed: 'Not passed'} as const

/** Whether `percentage` passes `passMark` (percent, default DEFAULT_PASS_MARK): at least the mark. */
export function isPassed(percentage: number, passMark: number | null | undefined = DEFAULT_PASS_MARK): boolean {
  const mark = typeof passMark === 'number' && Number.isFinite(passMark) ? passMark : DEFAULT_PASS_MARK
  return percentage >= mark
}
