import {describe, expect, it} from 'vitest'
import {companyName, normalizePath, pageMeta} from '~/lib/meta'
import {ogImageUrl} from '~/lib/image.server'

const root = {id: 'root', pathname: '/', data: {origin: 'https://www.example.com', settings: {companyName: 'Acme Maritime', seoDescription: 'Default text'}}}
const matches = [root, {id: 'routes/about', pathname: '/about', data: {}}]

/** The tags as a map "title" / "name:…" / "property:…" / "link:canonical" → value. */
function tagMap(tags: ReturnType<typeof pageMeta>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const tag of tags as Array<Record<string, string>>) {
    if ('title' in tag) out.title = tag.title!
    else if (tag.tagName === 'link') out[`link:${tag.rel}`] = tag.href!
    else if (tag.name) out[`name:${tag.name}`] = tag.content!
    else if (tag.property) out[`property:${tag.property}`] = tag.content!
  }
  return out
}

describe('pageMeta', () => {
  it('titles a page "<page> | <company>" with its description, canonical link, Open Graph and Twitter card', () => {
    expect(pageMeta(matches, {title: 'About Us', description: 'Who we are', path: '/about'})).toEqual([
      {title: 'About Us | Acme Maritime'},
      {name: 'description', content: 'Who we are'},
      {tagName: 'link', rel: 'canonical', href: 'https://www.example.com/about'},
      {property: 'og:site_name', content: 'Acme Maritime'},
      {property: 'og:type', content: 'website'},
      {property: 'og:title', content: 'About Us'},
      {property: 'og:description', content: 'Who we are'},
      {property: 'og:url', content: 'https://www.example.com/about'},
      {name: 'twitter:card', content: 'summary'},
      {name: 'twitter:title', content: 'About Us'},
      {name: 'twitter:description', content: 'Who we are'},
    ])
  })

  it('says "Page not found" when the loader failed, with no canonical address', () => {
    expect(pageMeta(matches, null)).toEqual([{title: 'Page not found | Acme Maritime'}])
  })

  it('falls back to a generic company name without site settings', () => {
    expect(companyName([])).toBe('Maritime Training & Certification')
  })

  it('uses the company name alone for the home page and the default description when a page has none', () => {
    const tags = tagMap(pageMeta([root, {id: 'routes/_index', pathname: '/', data: {}}], {title: null, description: null}))
    expect(tags.title).toBe('Acme Maritime')
    expect(tags['name:description']).toBe('Default text')
    expect(tags['property:og:title']).toBe('Acme Maritime')
    expect(tags['link:canonical']).toBe('https://www.example.com/')
  })

  it('defaults the canonical path to the matched path, without query or trailing slash', () => {
    const tags = tagMap(pageMeta([root, {id: 'routes/exams', pathname: '/exams/', data: {}}], {title: 'Exams', description: 'x'}))
    expect(tags['link:canonical']).toBe('https://www.example.com/exams')
    expect(normalizePath('/courses/stcw-courses/?a=1#b')).toBe('/courses/stcw-courses')
    expect(normalizePath('/')).toBe('/')
  })

  it('takes the origin from the root data only: without one there is no canonical link and no og:url', () => {
    const tags = tagMap(pageMeta([{id: 'root', data: {settings: {companyName: 'Acme'}}}], {title: 'About', description: 'x', path: '/about'}))
    expect(tags['link:canonical']).toBeUndefined()
    expect(tags['property:og:url']).toBeUndefined()
    expect(tags['property:og:title']).toBe('About')
  })

  it('adds og:image (absolute) and twitter:image only when the page has an image', () => {
    const tags = tagMap(pageMeta(matches, {title: 'About', description: 'x', path: '/about', image: '/images/about.jpg'}))
    expect(tags['property:og:image']).toBe('https://www.example.com/images/about.jpg')
    expect(tags['name:twitter:image']).toBe('https://www.example.com/images/about.jpg')
    expect(tagMap(pageMeta(matches, {title: 'About', description: 'x'}))['property:og:image']).toBeUndefined()
  })

  it('cuts a content image, else the default social image, to 1200 × 630 through the image pipeline', () => {
    const sha = 'b'.repeat(40)
    const image = (w: number, h: number) => ({
      alt: 'x',
      asset: {_id: `image-${sha}-${w}x${h}-jpg`, url: `/cdn/images/local/production/${sha}-${w}x${h}.jpg`},
    })
    // The loaders cut the images (ogImageUrl); pageMeta places them.
    const withDefault = [
      {id: 'root', data: {origin: 'https://www.example.com', settings: {companyName: 'Acme'}, images: {socialImage: ogImageUrl(image(2400, 1260))}}},
    ]
    const own = tagMap(pageMeta(withDefault, {title: 'STCW', description: 'x', path: '/courses/stcw-courses', image: ogImageUrl(image(1600, 900))}))
    expect(own['property:og:image']).toBe(
      `https://www.example.com/cdn/images/local/production/${sha}-1600x900.jpg?rect=0,30,1600,840&w=1200&h=630&fm=jpg&q=80&fit=crop`,
    )
    expect(own['property:og:image:width']).toBe('1200')
    expect(own['property:og:image:height']).toBe('630')
    expect(own['name:twitter:card']).toBe('summary_large_image')
    const fallback = tagMap(pageMeta(withDefault, {title: 'About', description: 'x', path: '/about'}))
    expect(fallback['property:og:image']).toMatch(new RegExp(`^https://www.example.com/cdn/images/local/production/${sha}-2400x1260\\.jpg\\?w=1200&h=630`))
    const broken = tagMap(
      pageMeta([{id: 'root', data: {settings: {}, images: {socialImage: ogImageUrl({alt: 'x', asset: null})}}}], {title: 'About', description: 'x'}),
    )
    expect(broken['property:og:image']).toBeUndefined()
    expect(broken['name:twitter:card']).toBe('summary')
  })

  it('marks noindex pages and gives them no canonical link', () => {
    const tags = tagMap(pageMeta(matches, {title: 'Login', description: 'Staff', robots: 'noindex, nofollow'}))
    expect(tags['name:robots']).toBe('noindex, nofollow')
    expect(tags['link:canonical']).toBeUndefined()
    expect(tags['property:og:title']).toBe('Login')
  })
})
