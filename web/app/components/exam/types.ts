/** Shapes of the exam-taking screen: the slots and variant questions as EXAM_TAKE_QUERY returns them (no answer key). */
import type {EXAM_TAKE_QUERYResult} from '#schemas/content/sanity.types'

export type TakeExam = NonNullable<EXAM_TAKE_QUERYResult>
export type TakeQuestion = NonNullable<NonNullable<TakeExam['slots']>[number]['variants']>[number]
export type AnswerValue = string | string[]
