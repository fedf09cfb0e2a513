/**
 * Where a practice exam's result sends the candidate next (docs/requirements.md#req-exam-results-pdf):
 * the courses of the course category the exam names (its `courseCategory` reference, chosen by the
 * editors in Studio; seed: STCW Courses for both exams); without one, all courses. Pure; for the
 * browser and the server.
 */
import {categoryPath} from '#schemas/rules/paths'

/** A link to courses: the path and the words. */
export type CoursesLink = {href: string; label: string}

/** The courses link of an exam whose `courseCategory` reference resolves to `category` (slug and title; null when unset or unpublished). */
export function coursesForExam(category: {slug: string | null; title: string | null} | null | undefined): CoursesLink {
  return category?.slug && category.title
    ? {href: categoryPath(category.slug), label: `Explore the ${category.title}`}
    : {href: '/courses', label: 'Explore our courses'}
}
