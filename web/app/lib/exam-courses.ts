/**
 * Where a practice exam's result sends the candidate next (issue 18, docs/requirements.md#req-exam-results-pdf):
 * the courses of the exam's category. An exam's `category` is a topic label ("Safety",
 * "Navigation"), not a reference to a course category, so this table maps the label
 * (case-insensitive) to the course category whose courses teach it; an unknown label links to all
 * courses. Seed: Safety (Basic STCW, AFFA…) and Navigation (ECDIS, ARPA, GMDSS…) are both taught in
 * the STCW Courses. A reference field on the exam would let editors choose it; until then, add a
 * row here for a new label. Pure; for the browser and the server.
 */
import {categoryPath} from './paths'

/** A link to courses: the path and the words. */
export type CoursesLink = {href: string; label: string}

const BY_LABEL: Record<string, {slug: string; title: string}> = {
  safety: {slug: 'stcw-courses', title: 'STCW Courses'},
  navigation: {slug: 'stcw-courses', title: 'STCW Courses'},
}

/** The courses link of an exam whose category label is `category`. */
export function coursesForExamCategory(category: string | null | undefined): CoursesLink {
  const found = category ? BY_LABEL[category.trim().toLowerCase()] : undefined
  return found ? {href: categoryPath(found.slug), label: `Explore the ${found.title}`} : {href: '/courses', label: 'Explore our courses'}
}
