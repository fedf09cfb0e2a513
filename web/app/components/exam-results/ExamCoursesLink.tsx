/**
 * The results screen's next step (docs/requirements.md#req-exam-results-pdf): a link to the
 * courses of the exam's course category (web/app/lib/exam-courses.ts). Left out of print.
 */
import {Link} from '@remix-run/react'
import {coursesForExam} from '~/lib/exam-courses'

export function ExamCoursesLink({courses}: {courses: Parameters<typeof coursesForExam>[0]}) {
  const link = coursesForExam(courses)
  return (
    <aside aria-label="Courses" data-print-hide className="mt-10 rounded-2xl border border-ocean-100 bg-ocean-50 p-5 sm:p-6">
      <p className="text-sm text-slate-700">Want to go further? Our courses teach this subject in depth, with certification.</p>
      <Link
        to={link.href}
        viewTransition
        className="mt-2 inline-flex min-h-11 items-center font-semibold text-ocean-600 underline underline-offset-2 hover:text-navy-800"
      >
        {link.label}
      </Link>
    </aside>
  )
}
