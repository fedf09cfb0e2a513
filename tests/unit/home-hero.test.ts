/**
 * The home hero (docs/requirements.md#req-issue-19-hero), server-rendered: the photo as the
 * high-priority LCP image under the scrim, the spec's texts and buttons, no video in the HTML,
 * and the designed fallback (navy gradient and swell) when there is no photo.
 */
import {createRemixStub} from '@remix-run/testing'
import {createElement} from 'react'
import {renderToString} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {HomeHero, type HomeHeroContent} from '~/components/HomeHero'
import {prepareImage} from '~/lib/image.server'
import {IMAGE_LAYOUTS} from '~/lib/image-layouts'

const texts = {eyebrow: 'Maritime training since 2006', heading: 'STCW-Compliant Maritime Training', subheading: 'Build your career at sea.'}
const photoSource = {
  asset: {
    _id: 'image-00a04dbbaedefcfed940c6bb4741418249b39938-2400x1350-jpg',
    url: '/cdn/images/local/production/00a04dbbaedefcfed940c6bb4741418249b39938-2400x1350.jpg',
    metadata: {lqip: 'data:image/jpeg;base64,AAAA', dimensions: {width: 2400, height: 1350, aspectRatio: 1.78}},
  },
  alt: 'Training ship under way on open sea at sunrise',
  decorative: false,
}
/** The photo as the home loader prepares it. */
const photo = prepareImage(photoSource, IMAGE_LAYOUTS.hero)
const file = (name: string) => ({asset: {url: `/cdn/files/local/production/${name}`, mimeType: 'video/mp4'}})

function render(hero: HomeHeroContent): string {
  const Stub = createRemixStub([{path: '/', Component: () => createElement(HomeHero, {hero})}])
  return renderToString(createElement(Stub, {initialEntries: ['/']}))
}

describe('HomeHero', () => {
  it('shows the photo as the eager, high-priority LCP image under a scrim, with the spec texts and buttons, and no video in the HTML', () => {
    const html = render({...texts, image: photo, video: {mp4: file('a.mp4'), webm: file('a.webm'), poster: null}})
    expect(html).toContain('data-hero="photo"')
    expect(html).toMatch(/<img [^>]*alt="Training ship under way on open sea at sunrise"[^>]*loading="eager"[^>]*fetchpriority="high"/)
    expect(html).toContain('sizes="100vw"')
    expect(html).toContain('data-scrim')
    expect(html).toContain('Explore Certifications')
    expect(html).toMatch(/href="\/courses"/)
    expect(html).toMatch(/href="\/payment"[^>]*>Enroll Now/)
    expect(html).not.toContain('<video')
    expect(html).not.toContain('.mp4')
    expect(html).not.toContain('.webm')
  })

  it("falls back to the video's poster, then to the designed swell", () => {
    expect(render({...texts, image: null, video: {poster: photo}})).toContain('data-hero="photo"')
    const fallback = render({...texts, image: prepareImage({asset: null}, IMAGE_LAYOUTS.hero), video: null})
    expect(fallback).toContain('data-hero="fallback"')
    expect(fallback).not.toContain('<img')
    expect(fallback).not.toContain('data-scrim')
    expect(fallback).toContain('animate-swell')
    expect(fallback).toContain('STCW-Compliant Maritime Training')
  })
})
