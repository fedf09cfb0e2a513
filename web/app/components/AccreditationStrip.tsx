/**
 * The accreditation strip of the home and about pages (docs/requirements.md#req-issue-19-accreditations):
 * one entry per `accreditation` document, in its order: the issuer's logo (the editor's alt
 * text), what the approval is, the issuing body, the certificate or approval number and, when
 * given, a link to the issuer's register (new tab). A list (`<ul>`), centred and wrapping so an
 * incomplete last row leaves no hole. An entry without a usable logo shows a lettered badge;
 * no accreditations at all: nothing is rendered.
 */
import type {ACCREDITATIONS_QUERYResult} from '#schemas/content/sanity.types'
import type {PreparedImage} from '~/lib/image-layouts'
import {SanityImage} from './SanityImage'

/** An accreditation with its logo prepared for IMAGE_LAYOUTS.accreditation by the loader. */
export type Accreditation = Omit<ACCREDITATIONS_QUERYResult[number], 'logo'> & {logo: PreparedImage | null}

export function AccreditationStrip({items, tone = 'light'}: {items: ReadonlyArray<Accreditation>; tone?: 'light' | 'muted'}) {
  if (items.length === 0) return null
  return (
    <section aria-labelledby="accreditations-heading" className={`py-16 ${tone === 'muted' ? 'bg-slate-50' : 'bg-white'}`} data-accreditations>
      <div className="container-page">
        <h2 id="accreditations-heading" className="text-center text-sm font-semibold tracking-widest text-ocean-600 uppercase">
          Accreditations &amp; approvals
        </h2>
        <ul className="mt-8 flex flex-wrap justify-center gap-4">
          {items.map((item) => (
            <li
              key={item._id}
              className="flex w-full flex-col items-center rounded-2xl border border-slate-200 bg-white p-5 text-center shadow-sm sm:w-[calc(50%-0.5rem)] lg:w-[calc(25%-0.75rem)]"
            >
              <SanityImage
                image={item.logo}
                className="h-16 w-auto max-w-full object-contain"
                fallback={<LetterBadge name={item.issuer ?? item.name ?? ''} />}
              />
              <p className="mt-4 font-semibold text-navy-900">{item.name}</p>
              <p className="mt-1 text-sm text-slate-600">{item.issuer}</p>
              <p className="mt-1 text-sm text-slate-600">
                <span className="sr-only">Certificate or approval number: </span>
                <span aria-hidden="true">No. </span>
                <span className="font-mono">{item.number}</span>
              </p>
              {item.url ? (
                <a
                  href={item.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="mt-3 text-sm font-semibold text-ocean-600 underline-offset-2 hover:underline"
                >
                  Verify with the issuer<span className="sr-only"> {item.issuer} (opens in a new tab)</span>
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** The fallback mark: the issuer's initials in a navy roundel (decorative: the name follows). */
function LetterBadge({name}: {name: string}) {
  const letters = name
    .replace(/\(.*\)/g, '')
    .split(/\s+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 4)
    .map((word) => word[0])
    .join('')
  return (
    <span aria-hidden="true" className="grid h-16 w-16 place-items-center rounded-full bg-navy-900 text-sm font-bold tracking-wide text-white">
      {letters || '✓'}
    </span>
  )
}
