/**
 * Practice exams (docs/requirements.md#req-entities-exam, #req-validation-exam-scoring, #req-constants-exams, #req-exam-variants).
 * An exam is a list of slots, each with one or more variant questions of the same type and points. A question's correct answer is stored as
 * `correctAnswer` (single-choice, text, textarea) or `correctAnswers` (multiple-choice);
 * the two are never both set. Points per question are whole numbers from 10 to 30 and
 * the slots' points add up to the exam's `totalPoints`. In the studio, the correct answer of a choice question is
 * picked from the question's own options (./inputs/CorrectAnswerInput.tsx).
 */
import {defineArrayMember, defineField, defineType} from 'sanity'
import {nextOrder, newQuestionId} from './initialValues'
import {strayAnswers} from './inputs/answerChoices'
import {CorrectAnswerInput, CorrectAnswersInput} from './inputs/CorrectAnswerInput'
import {documentFields, itemsOf, numberOf, parentFields, slugField, type Fields} from './shared'

export const QUESTION_TYPES = ['single-choice', 'multiple-choice', 'text', 'textarea'] as const
const isChoice = (type: unknown) => type === 'single-choice' || type === 'multiple-choice'

/** What editors see in the question type menu. */
const QUESTION_TYPE_TITLES: Record<(typeof QUESTION_TYPES)[number], string> = {
  'single-choice': 'Single choice (one correct option)',
  'multiple-choice': 'Multiple choice (several correct options)',
  text: 'Short text answer',
  textarea: 'Long text answer',
}

export const examQuestion = defineType({
  name: 'examQuestion',
  title: 'Question',
  type: 'object',
  fields: [
    defineField({
      name: 'questionId',
      title: 'Question id',
      type: 'string',
      description:
        "Unique id of the question within this exam (lower-case letters, digits and hyphens); candidates' saved answers refer to it, so don't change it once the exam is live.",
      initialValue: () => newQuestionId(),
      validation: (Rule) => Rule.required().regex(/^[a-z0-9-]+$/),
    }),
    defineField({
      name: 'type',
      type: 'string',
      description: 'How candidates answer: pick one option, tick several options, or type a short or long text answer.',
      options: {list: QUESTION_TYPES.map((value) => ({title: QUESTION_TYPE_TITLES[value], value}))},
      initialValue: 'single-choice',
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'question',
      type: 'text',
      rows: 3,
      description: 'The question as candidates see it while taking the exam and on the results page.',
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'options',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      description: 'The answers candidates choose from, in the order shown: at least two, all different and none empty.',
      hidden: ({parent}) => !isChoice((parent as Fields | undefined)?.type),
      validation: (Rule) =>
        Rule.custom((options: string[] | undefined, context) => {
          if (!isChoice(parentFields(context).type)) return options && options.length ? 'Only choice questions have options' : true
          if (!options || options.length < 2) return 'A choice question needs at least two options'
          if (options.some((o) => typeof o !== 'string' || o.trim() === '')) return 'Every option needs some text'
          return new Set(options).size === options.length ? true : 'Options must be different from each other'
        }),
    }),
    defineField({
      name: 'correctAnswer',
      type: 'string',
      description:
        'Single choice: pick the correct option. Text questions: the expected answer (case is ignored, and a typed answer that contains it or is part of it also counts). Candidates never see it before they submit.',
      components: {input: CorrectAnswerInput},
      hidden: ({parent}) => (parent as Fields | undefined)?.type === 'multiple-choice',
      validation: (Rule) =>
        Rule.custom((answer: string | undefined, context) => {
          const question = parentFields(context)
          const type = question.type
          if (type === 'multiple-choice') return answer ? 'Multiple-choice questions use "Correct answers"' : true
          if (!answer || !answer.trim()) return 'Required'
          if (type === 'single-choice' && strayAnswers(answer, question.options).length) return 'Must be one of the options'
          return true
        }),
    }),
    defineField({
      name: 'correctAnswers',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      description: 'Multiple choice: tick every correct option; candidates score only if they tick exactly these.',
      components: {input: CorrectAnswersInput},
      hidden: ({parent}) => (parent as Fields | undefined)?.type !== 'multiple-choice',
      validation: (Rule) =>
        Rule.custom((answers: string[] | undefined, context) => {
          const question = parentFields(context)
          if (question.type !== 'multiple-choice') return answers && answers.length ? 'Only multiple-choice questions have several answers' : true
          if (!answers || answers.length < 1) return 'Pick at least one correct answer'
          const stray = strayAnswers(answers, question.options)
          return stray.length ? `Not among the options: ${stray.join(', ')}` : true
        }),
    }),
    defineField({
      name: 'acceptedAnswers',
      title: 'Accepted answers',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      description:
        'Text questions: other answers a competent candidate would write that also count (same rule: case is ignored, containment either way). The results still show "Correct answer" above.',
      hidden: ({parent}) => isChoice((parent as Fields | undefined)?.type),
      validation: (Rule) =>
        Rule.custom((answers: string[] | undefined, context) => {
          if (isChoice(parentFields(context).type)) return answers && answers.length ? 'Only text questions have accepted answers' : true
          return (answers ?? []).some((a) => typeof a !== 'string' || a.trim() === '') ? 'Every accepted answer needs some text' : true
        }),
    }),
    defineField({
      name: 'explanation',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'block',
          styles: [{title: 'Normal', value: 'normal'}],
          lists: [{title: 'Bullet', value: 'bullet'}],
          marks: {
            decorators: [
              {title: 'Strong', value: 'strong'},
              {title: 'Emphasis', value: 'em'},
            ],
            annotations: [],
          },
        }),
      ],
      description: 'Why the correct answer is right, shown under the question on the results page when the exam shows correct answers.',
    }),
    defineField({
      name: 'points',
      type: 'number',
      description:
        "Points for a correct answer, a whole number from 10 to 30; every variant of a slot has the same points, and the slots' points add up to the exam's total points.",
      initialValue: 10,
      validation: (Rule) => Rule.required().integer().min(10).max(30),
    }),
  ],
  preview: {select: {title: 'question', type: 'type', points: 'points'}, prepare: ({title, type, points}) => ({title, subtitle: `${type} · ${points} points`})},
})

/**
 * A slot of an exam (docs/requirements.md#req-exam-variants): one or more variant
 * questions of the same type and points; each attempt draws one of them. A variant's `_key` is its
 * variant id (item statistics refer to it), so it never changes.
 */
export const examSlot = defineType({
  name: 'examSlot',
  title: 'Slot',
  type: 'object',
  fields: [
    defineField({
      name: 'variants',
      type: 'array',
      of: [defineArrayMember({type: 'examQuestion'})],
      description: 'Interchangeable questions of the same type and points; each attempt shows one of them, preferring those the candidate has not seen.',
      validation: (Rule) =>
        Rule.required()
          .min(1)
          .custom((variants: Fields[] | undefined) => {
            const list = variants ?? []
            if (new Set(list.map((v) => v.type)).size > 1) return 'All variants of a slot must have the same question type'
            if (new Set(list.map((v) => numberOf(v.points))).size > 1) return 'All variants of a slot must be worth the same points'
            return true
          }),
    }),
  ],
  preview: {
    select: {title: 'variants.0.question', type: 'variants.0.type', points: 'variants.0.points', variants: 'variants'},
    prepare: ({title, type, points, variants}) => ({
      title,
      subtitle: `${type} · ${points} points · ${Array.isArray(variants) ? variants.length : 0} variant(s)`,
    }),
  },
})

/** The points of a slot: those of its first variant (all variants share them). */
const slotPoints = (slot: Fields) => numberOf(itemsOf(slot.variants)[0]?.points) ?? 0

export const exam = defineType({
  name: 'exam',
  title: 'Practice exam',
  type: 'document',
  fields: [
    defineField({
      name: 'title',
      type: 'string',
      description: 'Name of the exam on the /exams list, its instructions page and the results page.',
      validation: (Rule) => Rule.required(),
    }),
    slugField(
      'examId',
      "Part of the exam's address /exam/{id}/start; candidates' saved results refer to it, so don't change it once the exam is live.",
      'Exam id (URL)',
    ),
    defineField({
      name: 'description',
      type: 'text',
      rows: 3,
      description: 'What the exam covers, shown on its card on /exams and on its instructions page.',
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'category',
      type: 'string',
      description: 'Topic label on the exam card, e.g. "Safety" or "Navigation".',
      validation: (Rule) => Rule.required(),
    }),
    defineField({
      name: 'courseCategory',
      title: 'Courses to suggest',
      type: 'reference',
      to: [{type: 'courseCategory'}],
      description:
        'The course category a result links to ("Explore the …"), the courses that teach this exam\'s subject. Empty: the result links to all courses.',
    }),
    defineField({
      name: 'durationMinutes',
      title: 'Duration (minutes)',
      type: 'number',
      description: 'Time limit of a timed attempt in whole minutes (1 to 600); the countdown starts when the candidate begins.',
      initialValue: 30,
      validation: (Rule) => Rule.required().integer().min(1).max(600),
    }),
    defineField({
      name: 'totalPoints',
      type: 'number',
      description: "Maximum score, shown on the exam card and used for the percentage and grade; must equal the sum of the slots' points.",
      validation: (Rule) =>
        Rule.required()
          .integer()
          .min(1)
          .custom((total: number | undefined, context) => {
            const sum = itemsOf(documentFields(context).slots).reduce((s, slot) => s + slotPoints(slot), 0)
            return total === undefined || sum === total ? true : `The slots' points add up to ${sum}, not ${total}`
          }),
    }),
    defineField({
      name: 'passMark',
      title: 'Pass mark (%)',
      type: 'number',
      description: 'The percentage a candidate needs to see "Passed" next to the grade (0 to 100; 70 when empty).',
      initialValue: 70,
      validation: (Rule) => Rule.integer().min(0).max(100),
    }),
    defineField({
      name: 'shuffleOptions',
      title: 'Shuffle options',
      type: 'boolean',
      description: 'Show the options of choice questions in a new random order for every attempt (on when empty).',
      initialValue: true,
    }),
    defineField({
      name: 'showCorrectAnswers',
      title: 'Show correct answers and explanations',
      type: 'boolean',
      description: "On the results page, show each question's correct answer and explanation (on when empty). Off still shows correct or incorrect.",
      initialValue: true,
    }),
    defineField({
      name: 'order',
      type: 'number',
      description: 'Position of the exam on the /exams list; lower numbers come first.',
      initialValue: nextOrder('exam'),
      validation: (Rule) => Rule.required().integer().min(0),
    }),
    defineField({
      name: 'slots',
      type: 'array',
      of: [defineArrayMember({type: 'examSlot'})],
      description: 'The slots in the order candidates get them, each with one or more variant questions; every question id in the exam must be unique.',
      validation: (Rule) =>
        Rule.required()
          .min(1)
          .custom((slots: Fields[] | undefined) => {
            const ids = (slots ?? []).flatMap((slot) => itemsOf(slot.variants).map((q) => q.questionId))
            return new Set(ids).size === ids.length ? true : 'Question ids must be unique'
          }),
    }),
  ],
  preview: {
    select: {title: 'title', minutes: 'durationMinutes', points: 'totalPoints'},
    prepare: ({title, minutes, points}) => ({title, subtitle: `${minutes} min · ${points} points`}),
  },
})

export const examTypes = [examQuestion, examSlot, exam]
