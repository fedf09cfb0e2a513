/**
 * Pure helpers behind the exam editor's correct-answer picker (./CorrectAnswerInput.tsx) and the
 * question validation in ../exam.ts, so the picker and the validator agree on what counts as an
 * option and what is a stray answer. No React, no Sanity: unit-tested in
 * tests/unit/answer-choices.test.ts.
 */

/**
 * The options an editor can pick a correct answer from: the question's options that are
 * non-empty strings (an option row still being typed is skipped), each once, in their order.
 */
export function pickableOptions(options: unknown): string[] {
  if (!Array.isArray(options)) return []
  const seen = new Set<string>()
  for (const option of options) {
    if (typeof option === 'string' && option.trim() !== '') seen.add(option)
  }
  return [...seen]
}

/**
 * The stored answers that are not among the pickable options (for example after an option was
 * reworded), each once, in stored order. These are what validation rejects, so the picker shows
 * them with a warning instead of hiding them.
 */
export function strayAnswers(answers: unknown, options: unknown): string[] {
  const pickable = new Set(pickableOptions(options))
  const list = Array.isArray(answers) ? answers : answers === undefined || answers === null ? [] : [answers]
  const stray = new Set<string>()
  for (const answer of list) {
    if (typeof answer !== 'string' || !pickable.has(answer)) stray.add(String(answer))
  }
  return [...stray]
}

/**
 * The correct answers of a multiple-choice question after ticking (`checked`) or unticking
 * `answer`: the ticked options in the options' order, then the stray answers that are still
 * kept, in stored order. Unticking a stray answer removes it; nothing is ever duplicated.
 */
export function toggleAnswer(answers: unknown, answer: string, checked: boolean, options: unknown): string[] {
  const current = Array.isArray(answers) ? answers.filter((a): a is string => typeof a === 'string') : []
  const selected = new Set(current)
  if (checked) selected.add(answer)
  else selected.delete(answer)
  const pickable = pickableOptions(options)
  const inOrder = pickable.filter((option) => selected.has(option))
  const stray = [...selected].filter((a) => !pickable.includes(a))
  return [...inOrder, ...stray]
}
