/**
 * Practice exams (spec sections 3, 5 and 9). A question's correct answer is stored as
 * `correctAnswer` (single-choice, text, textarea) or `correctAnswers` (multiple-choice);
 * the two are never both set. Points per question are whole numbers from 10 to 30 and
 * add up to the exam's `totalPoints`.
 */
import {defineArrayMember, defineField, defineType} from 'sanity'

export const QUESTION_TYPES = ['single-choice', 'multiple-choice', 'text', 'textarea'] as const
const isChoice = (type: string | undefined) => type === 'single-choice' || type === 'multiple-choice'

export const examQuestion = defineType({
  name: 'examQuestion',
  title: 'Question',
  type: 'object',
  fields: [
    defineField({name: 'questionId', title: 'Question id', type: 'string', validation: (Rule) => Rule.required().regex(/^[a-z0-9-]+$/)}),
    defineField({name: 'type', type: 'string', options: {list: [...QUESTION_TYPES]}, initialValue: 'single-choice', validation: (Rule) => Rule.required()}),
    defineField({name: 'question', type: 'text', rows: 3, validation: (Rule) => Rule.required()}),
    defineField({
      name: 'options',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      hidden: ({parent}: any) => !isChoice(parent?.type),
      validation: (Rule) =>
        Rule.custom((options: string[] | undefined, context: any) => {
          if (!isChoice(context.parent?.type)) return options && options.length ? 'Only choice questions have options' : true
          if (!options || options.length < 2) return 'A choice question needs at least two options'
          return new Set(options).size === options.length ? true : 'Options must be different from each other'
        }),
    }),
    defineField({
      name: 'correctAnswer',
      type: 'string',
      hidden: ({parent}: any) => parent?.type === 'multiple-choice',
      validation: (Rule) =>
        Rule.custom((answer: string | undefined, context: any) => {
          const type = context.parent?.type
          if (type === 'multiple-choice') return answer ? 'Multiple-choice questions use "Correct answers"' : true
          if (!answer || !answer.trim()) return 'Required'
          if (type === 'single-choice' && !(context.parent?.options ?? []).includes(answer)) return 'Must be one of the options'
          return true
        }),
    }),
    defineField({
      name: 'correctAnswers',
      type: 'array',
      of: [defineArrayMember({type: 'string'})],
      hidden: ({parent}: any) => parent?.type !== 'multiple-choice',
      validation: (Rule) =>
        Rule.custom((answers: string[] | undefined, context: any) => {
          if (context.parent?.type !== 'multiple-choice') return answers && answers.length ? 'Only multiple-choice questions have several answers' : true
          if (!answers || answers.length < 1) return 'Pick at least one correct answer'
          const options: string[] = context.parent?.options ?? []
          const stray = answers.filter((a) => !options.includes(a))
          return stray.length ? `Not among the options: ${stray.join(', ')}` : true
        }),
    }),
    defineField({name: 'points', type: 'number', initialValue: 10, validation: (Rule) => Rule.required().integer().min(10).max(30)}),
  ],
  preview: {select: {title: 'question', type: 'type', points: 'points'}, prepare: ({title, type, points}: any) => ({title, subtitle: `${type} · ${points} points`})},
})

export const exam = defineType({
  name: 'exam',
  title: 'Practice exam',
  type: 'document',
  fields: [
    defineField({name: 'title', type: 'string', validation: (Rule) => Rule.required()}),
    defineField({name: 'examId', title: 'Exam id (URL)', type: 'slug', options: {source: 'title'}, validation: (Rule) => Rule.required()}),
    defineField({name: 'description', type: 'text', rows: 3, validation: (Rule) => Rule.required()}),
    defineField({name: 'category', type: 'string', validation: (Rule) => Rule.required()}),
    defineField({name: 'durationMinutes', title: 'Duration (minutes)', type: 'number', validation: (Rule) => Rule.required().integer().min(1).max(600)}),
    defineField({
      name: 'totalPoints',
      type: 'number',
      validation: (Rule) =>
        Rule.required()
          .integer()
          .min(1)
          .custom((total: number | undefined, context: any) => {
            const sum = (context.document?.questions ?? []).reduce((s: number, q: any) => s + (q.points ?? 0), 0)
            return total === undefined || sum === total ? true : `The questions' points add up to ${sum}, not ${total}`
          }),
    }),
    defineField({name: 'order', type: 'number', validation: (Rule) => Rule.required().integer().min(0)}),
    defineField({
      name: 'questions',
      type: 'array',
      of: [defineArrayMember({type: 'examQuestion'})],
      validation: (Rule) =>
        Rule.required()
          .min(1)
          .custom((questions: any[] | undefined) => {
            const ids = (questions ?? []).map((q) => q.questionId)
            return new Set(ids).size === ids.length ? true : 'Question ids must be unique'
          }),
    }),
  ],
  preview: {select: {title: 'title', minutes: 'durationMinutes', points: 'totalPoints'}, prepare: ({title, minutes, points}: any) => ({title, subtitle: `${minutes} min · ${points} points`})},
})

export const examTypes = [examQuestion, exam]
