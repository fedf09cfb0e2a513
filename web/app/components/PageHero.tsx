/**
 * The top band of an inner page: eyebrow, the page's one h1 and a lead paragraph.
 * `tone="dark"` is for the course pages (light navigation over it), `"light"` for the rest.
 * `headingRef` makes the h1 focusable by script (tabIndex -1, no outline: it is not a control),
 * for a page that moves the focus to its heading (lib/use-focus-on-arrival.ts).
 */
import type {ReactNode, Ref} from 'react'

/** The h1's classes, one literal: Tailwind generates only the classes it can read whole in the source. */
const HEADING_CLASS = 'mt-2 max-w-4xl text-3xl font-bold tracking-tight sm:text-5xl'

export function PageHero({
  eyebrow,
  title,
  lead,
  tone = 'light',
  headingRef,
  children,
}: {
  eyebrow?: string | null
  title: string
  lead?: string | null
  tone?: 'light' | 'dark'
  headingRef?: Ref<HTMLHeadingElement>
  children?: ReactNode
}) {
  const dark = tone === 'dark'
  return (
    <section className={`relative overflow-hidden pt-28 pb-14 sm:pt-32 sm:pb-16 ${dark ? 'bg-navy-900 text-white' : 'bg-ocean-50 text-navy-900'}`}>
      {dark ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,rgba(18,131,201,0.35),transparent_60%)]"
        />
      ) : null}
      <div className="container-page relative">
        {eyebrow ? <p className={`text-sm font-semibold tracking-widest uppercase ${dark ? 'text-brass-300' : 'text-ocean-600'}`}>{eyebrow}</p> : null}
        <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={headingRef ? `${HEADING_CLASS} outline-none` : HEADING_CLASS}>
          {title}
        </h1>
        {lead ? <p className={`mt-4 max-w-3xl text-lg leading-relaxed ${dark ? 'text-slate-200' : 'text-slate-700'}`}>{lead}</p> : null}
        {children}
      </div>
    </section>
  )
}

/** A section heading with an optional lead, centred. */
export function SectionHeading({id, title, lead}: {id?: string; title: string; lead?: string | null}) {
  return (
    <div className="mx-auto max-w-3xl text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
        {title}
      </h2>
      {lead ? <p className="mt-3 text-lg text-slate-600">{lead}</p> : null}
    </div>
  )
}

/**
 * A section of a page below its hero: a <section> named by its <h2> (`aria-labelledby` = `id`),
 * in the page's width. The heading is `title` (with `lead`, centred) or, where the list under it
 * speaks for itself, `hiddenTitle`, read by screen readers only. `anchor` is the section's own id
 * (a link target such as "#courses"); `className` its band (padding, background).
 */
export function PageSection({
  id,
  title,
  lead,
  hiddenTitle,
  anchor,
  className = 'py-20',
  children,
}: {
  id: string
  title?: string | null
  lead?: string | null
  hiddenTitle?: string
  anchor?: string
  className?: string
  children: ReactNode
}) {
  return (
    <section id={anchor} aria-labelledby={id} className={className}>
      <div className="container-page">
        {hiddenTitle ? (
          <h2 id={id} className="sr-only">
            {hiddenTitle}
          </h2>
        ) : (
          <SectionHeading id={id} title={title ?? ''} lead={lead} />
        )}
        {children}
      </div>
    </section>
  )
}
