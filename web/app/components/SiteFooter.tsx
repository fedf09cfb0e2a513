/**
 * The site footer (docs/requirements.md#req-frame): about blurb, four social links,
 * quick links, legal links, contact details and the copyright with the current year.
 */
import {Link} from '@remix-run/react'
import type {SITE_SETTINGS_QUERYResult} from '#schemas/content/sanity.types'
import {AnchorIcon, ClockIcon, MailIcon, PhoneIcon, PinIcon, SocialIcon} from './Icons'
import {SiteLogo} from './SiteLogo'
import type {PreparedImage} from '~/lib/image-layouts'

/** The site settings without their pictures (the root loader prepares those: `logo`). */
type Settings = Omit<NonNullable<SITE_SETTINGS_QUERYResult>, 'logo' | 'logoDark' | 'appIcon' | 'socialImage'>

const QUICK_LINKS = [
  {to: '/about', label: 'About Us'},
  {to: '/courses', label: 'Certifications'},
  {to: '/courses/calendar', label: 'Course Calendar'},
  {to: '/services', label: 'Services'},
  {to: '/exams', label: 'Practice Exams'},
  {to: '/contact', label: 'Contact'},
  {to: '/payment', label: 'Enroll Now'},
]

export const LEGAL_LINKS = [
  {to: '/terms', label: 'Terms & Conditions'},
  {to: '/privacy', label: 'Privacy Policy'},
  {to: '/refund', label: 'Cancellation & Refund Policy'},
  {to: '/shipping', label: 'Shipping Policy'},
]

const PLATFORM_NAMES: Record<string, string> = {facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', x: 'X (Twitter)', youtube: 'YouTube'}

export function SiteFooter({settings, logo, year}: {settings: Settings; logo: PreparedImage | null; year: number}) {
  const contact = settings.contact
  return (
    <footer className="bg-navy-950 text-slate-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-about">
          <h2 id="footer-about" className="flex items-center gap-2 text-lg font-bold text-white">
            <SiteLogo
              image={logo}
              companyName={settings.companyName ?? ''}
              className="h-10 w-auto"
              fallback={
                <>
                  <AnchorIcon /> {settings.companyName}
                </>
              }
            />
          </h2>
          <p className="mt-3 text-sm leading-relaxed">{settings.footerBlurb}</p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {settings.socialLinks?.map((link) => (
              <li key={link._key}>
                <a
                  href={link.url ?? '#'}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="grid h-10 w-10 place-items-center rounded-full bg-white/10 text-white hover:bg-brass-400 hover:text-navy-950"
                >
                  <SocialIcon platform={link.platform ?? ''} />
                  <span className="sr-only">{PLATFORM_NAMES[link.platform ?? ''] ?? link.platform} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>

        <FooterLinks id="footer-quick" title="Quick Links" links={QUICK_LINKS} />
        <FooterLinks id="footer-legal" title="Legal" links={LEGAL_LINKS} />

        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="text-sm font-semibold tracking-wider text-white uppercase">
            Contact
          </h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            <p className="flex gap-2">
              <MailIcon className="mt-0.5 shrink-0" />
              <a href={`mailto:${contact?.email}`} className="hover:text-white hover:underline">
                {contact?.email}
              </a>
            </p>
            <p className="flex gap-2">
              <PhoneIcon className="mt-0.5 shrink-0" />
              <a href={`tel:${contact?.phoneHref}`} className="hover:text-white hover:underline">
                {contact?.phone}
              </a>
            </p>
            <p className="flex gap-2 whitespace-pre-line">
              <PinIcon className="mt-0.5 shrink-0" />
              <span>{contact?.address}</span>
            </p>
            <p className="flex gap-2">
              <ClockIcon className="mt-0.5 shrink-0" />
              <span>{contact?.businessHours}</span>
            </p>
          </address>
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-center text-sm text-slate-400" data-testid="copyright">
          © {year} {settings.companyName}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}

function FooterLinks({id, title, links}: {id: string; title: string; links: ReadonlyArray<{to: string; label: string}>}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wider text-white uppercase">
        {title}
      </h2>
      <ul className="mt-4 space-y-2 text-sm">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
