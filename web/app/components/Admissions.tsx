/** 'Call Admissions' and 'Email Inquiry' links (category, competency and cadetship pages). */
import {Link, useRouteLoaderData} from '@remix-run/react'
import type {loader as rootLoader} from '~/root'
import {ArrowLeftIcon, MailIcon, PhoneIcon} from './Icons'

export function AdmissionsLinks({heading = 'Questions about enrolment?'}: {heading?: string}) {
  const contact = useRouteLoaderData<typeof rootLoader>('root')?.settings.contact
  if (!contact) return null
  return (
    <section aria-labelledby="admissions-heading" className="bg-navy-900 py-16 text-white">
      <div className="container-page flex flex-col items-center gap-6 text-center">
        <h2 id="admissions-heading" className="text-2xl font-bold sm:text-3xl">
          {heading}
        </h2>
        <p className="max-w-2xl text-slate-200">Our admissions team answers {contact.businessHours}.</p>
        <div className="flex flex-wrap justify-center gap-4">
          <a href={`tel:${contact.phoneHref}`} className="btn-primary">
            <PhoneIcon width={18} height={18} /> Call Admissions
          </a>
          <a href={`mailto:${contact.email}`} className="btn-ghost-light">
            <MailIcon width={18} height={18} /> Email Inquiry
          </a>
        </div>
      </div>
    </section>
  )
}

/** The back link of the course pages, to /courses. */
export function BackToCourses({light = false}: {light?: boolean}) {
  return (
    <Link
      to="/courses"
      viewTransition
      className={`mt-6 inline-flex items-center gap-2 text-sm font-medium hover:underline ${light ? 'text-slate-200 hover:text-white' : 'text-ocean-600'}`}
    >
      <ArrowLeftIcon width={16} height={16} /> Back to all courses
    </Link>
  )
}
