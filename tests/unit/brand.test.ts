/**
 * Brand pieces (docs/requirements.md#req-issue-19-brand, #req-issue-19-hero,
 * #req-issue-19-accreditations): when the hero video may load, the accreditation strip's markup
 * and fallbacks, the logo's and icons' fallbacks (server-rendered markup).
 */
import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {AccreditationStrip, type Accreditation} from '~/components/AccreditationStrip'
import {HERO_VIDEO_MIN_WIDTH, shouldPlayHeroVideo} from '~/components/HomeHero'
import {SiteIcons, SiteLogo} from '~/components/SiteLogo'
import {appIconLinks, prepareImage} from '~/lib/image.server'
import {IMAGE_LAYOUTS} from '~/lib/image-layouts'

/** A browser with these media features and connection. */
function browser({reduce = false, width = 1280, saveData}: {reduce?: boolean; width?: number; saveData?: boolean}) {
  return {
    matchMedia: (query: string) => {
      const minWidth = /\(min-width: (\d+)px\)/.exec(query)
      const matches = query.includes('prefers-reduced-motion: reduce') ? reduce : minWidth ? width >= Number(minWidth[1]) : false
      return {matches} as MediaQueryList
    },
    navigator: saveData === undefined ? {} : {connection: {saveData}},
  }
}

describe('shouldPlayHeroVideo', () => {
  it('plays on a wide screen without reduced motion or save-data', () => {
    expect(shouldPlayHeroVideo(browser({}))).toBe(true)
    expect(shouldPlayHeroVideo(browser({saveData: false}))).toBe(true)
    expect(shouldPlayHeroVideo(browser({width: HERO_VIDEO_MIN_WIDTH}))).toBe(true)
  })
  it('never loads for reduced motion, save-data or a phone-width screen', () => {
    expect(shouldPlayHeroVideo(browser({reduce: true}))).toBe(false)
    expect(shouldPlayHeroVideo(browser({saveData: true}))).toBe(false)
    expect(shouldPlayHeroVideo(browser({width: HERO_VIDEO_MIN_WIDTH - 1}))).toBe(false)
    expect(shouldPlayHeroVideo(browser({width: 390}))).toBe(false)
  })
})

const svgSource = {
  asset: {
    _id: 'image-0123456789abcdef0123456789abcdef01234567-240x80-svg',
    url: '/cdn/images/local/production/0123456789abcdef0123456789abcdef01234567-240x80.svg',
  },
  alt: 'Seal of the Coral Bay Maritime Administration',
  decorative: false,
}
/** The logo as the loaders prepare it (image.server.ts prepareImage). */
const svgLogo = prepareImage(svgSource, IMAGE_LAYOUTS.accreditation)

const accreditation = (patch: Partial<Accreditation>): Accreditation =>
  ({
    _id: 'accreditation-1',
    name: 'Approved Maritime Training Institute',
    issuer: 'Coral Bay Maritime Administration (flag state)',
    number: 'CBMA/MTI/2019/0457',
    url: null,
    logo: svgLogo,
    ...patch,
  }) as Accreditation

describe('AccreditationStrip', () => {
  it('renders nothing without accreditations', () => {
    expect(renderToStaticMarkup(createElement(AccreditationStrip, {items: []}))).toBe('')
  })

  it('lists each accreditation with its logo, issuer and number, and a link only when given', () => {
    const html = renderToStaticMarkup(
      createElement(AccreditationStrip, {
        items: [accreditation({}), accreditation({_id: 'accreditation-2', url: 'https://registry.example/cbma/0457'})],
      }),
    )
    expect(html).toContain('<h2 id="accreditations-heading"')
    expect(html.match(/<li /g)).toHaveLength(2)
    expect(html).toContain('alt="Seal of the Coral Bay Maritime Administration"')
    expect(html).toContain('width="240" height="80"')
    expect(html).toContain('Coral Bay Maritime Administration (flag state)')
    expect(html).toContain('CBMA/MTI/2019/0457')
    expect(html.match(/<a /g)).toHaveLength(1)
    expect(html).toContain('href="https://registry.example/cbma/0457" target="_blank" rel="noopener noreferrer"')
    expect(html).toContain('(opens in a new tab)')
  })

  it("shows the issuer's initials when the logo is missing or broken", () => {
    const html = renderToStaticMarkup(
      createElement(AccreditationStrip, {
        items: [
          accreditation({logo: null}),
          accreditation({_id: 'b', logo: prepareImage({asset: {_id: 'not-an-asset', url: 'x'}}, IMAGE_LAYOUTS.accreditation)}),
        ],
      }),
    )
    expect(html).not.toContain('<img')
    expect(html.match(/>CBMA</g)).toHaveLength(2)
  })
})

describe('SiteLogo and SiteIcons', () => {
  it('uses the logo with the company name as its alt text, else the fallback', () => {
    const logo = renderToStaticMarkup(
      createElement(SiteLogo, {image: prepareImage(svgSource, IMAGE_LAYOUTS.logo), companyName: 'Maritime Training & Certification', fallback: 'TEXT'}),
    )
    expect(logo).toMatch(/^<img [^>]*alt="Maritime Training &amp; Certification"/)
    expect(logo).toContain('src="/cdn/images/local/production/0123456789abcdef0123456789abcdef01234567-240x80.svg"')
    expect(renderToStaticMarkup(createElement(SiteLogo, {image: null, companyName: 'X', fallback: 'TEXT'}))).toBe('TEXT')
  })

  it('links 48 px and 180 px PNG renditions of the app icon, else the built-in favicon', () => {
    const icon = {
      asset: {
        _id: 'image-89abcdef0123456789abcdef0123456789abcdef-512x512-png',
        url: '/cdn/images/local/production/89abcdef0123456789abcdef0123456789abcdef-512x512.png',
      },
    }
    const html = renderToStaticMarkup(createElement(SiteIcons, {icons: appIconLinks(icon)}))
    const base = '/cdn/images/local/production/89abcdef0123456789abcdef0123456789abcdef-512x512.png'
    expect(html).toBe(
      `<link rel="icon" href="${base}?w=48&amp;h=48&amp;fm=png&amp;fit=crop" type="image/png" sizes="48x48"/>` +
        `<link rel="apple-touch-icon" href="${base}?w=180&amp;h=180&amp;fm=png&amp;fit=crop" sizes="180x180"/>`,
    )
    expect(renderToStaticMarkup(createElement(SiteIcons, {icons: appIconLinks(null)}))).toBe('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>')
  })
})
