/**
 * Renders a page body of type `richText` (schemas/content/shared.ts) with
 * @portabletext/react: h2/h3 headings (never h1 — the page title is the only h1),
 * paragraphs, bullet and numbered lists, links (site paths through Remix <Link>,
 * mailto:/tel: as plain <a>), and the three custom blocks: processSteps (a numbered
 * <ol> of steps), requirementsTable (a <table> with <caption> and <th scope>) and
 * callout (an <aside role="note">). Output is wrapped in `.prose-content`.
 */
import {PortableText, type PortableTextComponents, type PortableTextMarkComponentProps} from '@portabletext/react'
import {Link} from '@remix-run/react'
import type {ReactNode} from 'react'
import type {Callout, ProcessSteps, RequirementsTable, RichText as RichTextValue} from '#schemas/content/sanity.types'

/** True for a path on this site ("/contact", "/services#x"), not "//host" or a scheme. */
export function isInternalHref(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//')
}

/**
 * A link to an editor-supplied address: site paths become a client-side <Link viewTransition>,
 * mailto:/tel: (and, defensively, anything else) a plain <a>.
 */
export function ContentLink({href, className, children}: {href: string; className?: string; children: ReactNode}) {
  if (isInternalHref(href)) {
    return (
      <Link to={href} viewTransition prefetch="intent" className={className}>
        {children}
      </Link>
    )
  }
  const external = /^https?:/i.test(href)
  return (
    <a href={href} className={className} {...(external ? {rel: 'noopener noreferrer'} : {})}>
      {children}
    </a>
  )
}

type LinkMark = {_type: 'link'; href?: string}

function LinkAnnotation({value, children}: PortableTextMarkComponentProps<LinkMark>) {
  const href = value?.href
  if (!href) return <>{children}</>
  return <ContentLink href={href}>{children}</ContentLink>
}

function ProcessStepsBlock({value}: {value: ProcessSteps}) {
  return (
    <div className="my-10">
      {value.heading ? <h2>{value.heading}</h2> : null}
      <ol className="my-5 grid list-none gap-4 space-y-0 pl-0 sm:grid-cols-2">
        {value.steps?.map((step, index) => (
          <li key={step._key} className="relative flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <span aria-hidden="true" className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-navy-800 text-base font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h3 className="mt-1 mb-1">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="my-0 text-slate-700">{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </div>
  )
}

function RequirementsTableBlock({value}: {value: RequirementsTable}) {
  return (
    <div className="my-8 overflow-x-auto rounded-xl border border-slate-200 shadow-sm">
      <table className="w-full border-collapse text-left text-sm sm:text-base">
        <caption className="bg-ocean-50 px-4 py-3 text-left text-lg font-semibold text-navy-900">{value.heading}</caption>
        <thead className="bg-navy-800 text-white">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {value.firstColumn}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {value.secondColumn}
            </th>
          </tr>
        </thead>
        <tbody>
          {value.rows?.map((row) => (
            <tr key={row._key} className="border-t border-slate-200 even:bg-slate-50">
              <th scope="row" className="px-4 py-3 align-top font-semibold text-navy-900">
                {row.label}
              </th>
              <td className="px-4 py-3 align-top text-slate-700">{row.requirement}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function CalloutBlock({value}: {value: Callout}) {
  const warning = value.tone === 'warning'
  return (
    <aside
      role="note"
      className={`my-6 rounded-r-xl border-l-4 px-5 py-4 ${warning ? 'border-brass-500 bg-amber-50 text-slate-900' : 'border-ocean-600 bg-ocean-50 text-slate-800'}`}
    >
      <p className="my-0 text-sm font-semibold tracking-wide text-navy-900 uppercase">{warning ? 'Important' : 'Note'}</p>
      <p className="mt-1 mb-0 leading-relaxed whitespace-pre-line">{value.text}</p>
    </aside>
  )
}

const components: PortableTextComponents = {
  block: {
    normal: ({children}) => <p>{children}</p>,
    h2: ({children}) => <h2>{children}</h2>,
    h3: ({children}) => <h3>{children}</h3>,
    // Not allowed by the schema; rendered as h2 so a stray style can never add a second h1.
    h1: ({children}) => <h2>{children}</h2>,
  },
  list: {
    bullet: ({children}) => <ul>{children}</ul>,
    number: ({children}) => <ol>{children}</ol>,
  },
  listItem: {
    bullet: ({children}) => <li>{children}</li>,
    number: ({children}) => <li>{children}</li>,
  },
  marks: {
    link: LinkAnnotation,
  },
  types: {
    processSteps: ({value}: {value: ProcessSteps}) => <ProcessStepsBlock value={value} />,
    requirementsTable: ({value}: {value: RequirementsTable}) => <RequirementsTableBlock value={value} />,
    callout: ({value}: {value: Callout}) => <CalloutBlock value={value} />,
  },
  unknownBlockStyle: ({children}) => <p>{children}</p>,
  unknownType: () => null,
}

export function RichText({value, className = ''}: {value: RichTextValue | null | undefined; className?: string}) {
  if (!value?.length) return null
  return (
    <div className={`prose-content [&>:first-child]:mt-0 ${className}`.trim()}>
      <PortableText value={value} components={components} onMissingComponent={false} />
    </div>
  )
}
