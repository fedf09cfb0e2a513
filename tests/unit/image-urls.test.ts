/**
 * Image URLs and the image endpoint's parameters (docs/requirements.md#req-issue-19-images):
 * URLs from the asset's own URL (local endpoint or Sanity's CDN), crop and hotspot honoured,
 * srcset widths, Open Graph size, the fallback for missing assets, and the URL API parsing.
 */
import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {chooseFormat, parseImageParams} from '#netlify/platform/images/params'
import {SanityImage, type SanityImageProps} from '~/components/SanityImage'
import {builderConfigFromUrl, imageSrcSet, imageUrl, ogImageUrl, prepareImage, resolveImage, srcSetWidths, SRCSET_WIDTHS} from '~/lib/image.server'

const SHA = 'a'.repeat(40)
const local = (alt = 'Cadets on deck', extra = {}) => ({
  alt,
  asset: {
    _id: `image-${SHA}-1600x900-jpg`,
    url: `/cdn/images/local/production/${SHA}-1600x900.jpg`,
    metadata: {lqip: 'data:image/jpeg;base64,AAAA', dimensions: {width: 1600, height: 900, aspectRatio: 16 / 9}},
  },
  ...extra,
})
const cdn = {
  alt: 'Ship',
  asset: {_id: `image-${SHA}-2400x1600-jpg`, url: `https://cdn.sanity.io/images/abc123/production/${SHA}-2400x1600.jpg`, metadata: null},
}

describe('URL building', () => {
  it('reads the builder configuration from the asset URL: the local endpoint offline, Sanity’s CDN with a project', () => {
    expect(builderConfigFromUrl(local().asset.url)).toEqual({baseUrl: '/cdn', projectId: 'local', dataset: 'production'})
    expect(imageUrl(resolveImage(local())!, 640)).toBe(`/cdn/images/local/production/${SHA}-1600x900.jpg?w=640&fit=max&auto=format`)
    expect(imageUrl(resolveImage(cdn)!, 640)).toBe(`https://cdn.sanity.io/images/abc123/production/${SHA}-2400x1600.jpg?w=640&fit=max&auto=format`)
  })

  it('cuts to an aspect ratio around the hotspot (rect) and applies the crop', () => {
    const centred = imageUrl(resolveImage(local())!, 400, {aspect: 1})
    expect(centred).toBe(`/cdn/images/local/production/${SHA}-1600x900.jpg?rect=350,0,900,900&w=400&h=400&fit=crop&auto=format`)
    const right = imageUrl(resolveImage(local('x', {hotspot: {x: 0.9, y: 0.5, width: 0.1, height: 0.1}}))!, 400, {aspect: 1})
    expect(right).toContain('rect=700,0,900,900')
    const cropped = imageUrl(resolveImage(local('x', {crop: {top: 0, bottom: 0, left: 0.5, right: 0}}))!, 400)
    expect(cropped).toContain('rect=800,0,800,900')
  })

  it('offers srcset widths up to the original (never upscaled), for every rendition width', () => {
    expect(srcSetWidths(1600)).toEqual([320, 480, 640, 768, 960, 1280, 1600])
    expect(srcSetWidths(1000)).toEqual([320, 480, 640, 768, 960, 1000])
    expect(srcSetWidths(4000)).toEqual([...SRCSET_WIDTHS])
    expect(srcSetWidths(4000, 640)).toEqual([320, 480, 640])
    expect(srcSetWidths(400, 132)).toEqual([44, 88, 132])
    const srcset = imageSrcSet(resolveImage(local())!, {aspect: 16 / 9})
    expect(srcset.split(', ')).toHaveLength(7)
    expect(srcset).toMatch(/w=320&h=180&fit=crop&auto=format 320w/)
  })

  it('makes Open Graph images 1200 × 630 JPEG from the same pipeline', () => {
    expect(ogImageUrl(local())).toBe(`/cdn/images/local/production/${SHA}-1600x900.jpg?rect=0,30,1600,840&w=1200&h=630&fm=jpg&q=80&fit=crop`)
    expect(ogImageUrl(null)).toBeNull()
  })

  it('has no URL for a missing or broken asset', () => {
    expect(resolveImage(null)).toBeNull()
    expect(resolveImage({alt: 'x'})).toBeNull()
    expect(resolveImage({asset: {_id: 'image-broken', url: '/x.jpg'}})).toBeNull()
    expect(resolveImage({asset: {_id: `image-${SHA}-1600x900-jpg`, url: null}})).toBeNull()
  })
})

const render = (props: SanityImageProps) => renderToStaticMarkup(createElement(SanityImage, props))
/** An image as a loader prepares it (prepareImage), for a layout of `sizes` and `aspect`. */
const prepared = (source: Parameters<typeof prepareImage>[0], sizes: string, aspect?: number) => prepareImage(source, {sizes, aspect})

describe('<SanityImage>', () => {
  it('renders srcset, sizes, width/height, the LQIP, lazy loading and the alt text', () => {
    const html = render({image: prepared(local(), '100vw', 16 / 9)})
    expect(html).toContain('alt="Cadets on deck"')
    expect(html).toContain('width="1600"')
    expect(html).toContain('height="900"')
    expect(html).toContain('loading="lazy"')
    expect(html).toContain('sizes="100vw"')
    expect(html).toContain('1600w')
    expect(html).toContain('background-image:url(&quot;data:image/jpeg;base64,AAAA&quot;)')
    expect(html).not.toContain('fetchpriority')
  })

  it('loads the LCP image eagerly with high priority, and gives decorative images an empty alt', () => {
    const html = render({image: prepared(local('ignored', {decorative: true}), '100vw'), priority: true})
    expect(html).toContain('loading="eager"')
    expect(html).toContain('fetchpriority="high"')
    expect(html).toContain('alt=""')
  })

  it('renders the fallback when the image or its asset is missing', () => {
    expect(render({image: null, fallback: createElement('span', null, 'AB')})).toBe('<span>AB</span>')
    expect(render({image: prepared({alt: 'x', asset: null}, '100vw')})).toBe('')
  })
})

describe('image endpoint parameters', () => {
  it('parses the URL API the site uses', () => {
    expect(parseImageParams(new URLSearchParams('rect=350,0,900,900&w=400&h=400&fit=crop&auto=format&q=80&dpr=2'))).toEqual({
      width: 800,
      height: 800,
      fit: 'crop',
      crop: [],
      rect: {left: 350, top: 0, width: 900, height: 900},
      format: undefined,
      autoFormat: true,
      quality: 80,
      background: undefined,
    })
    expect(parseImageParams(new URLSearchParams(''))).toMatchObject({fit: 'clip', quality: 75, autoFormat: false})
    expect(parseImageParams(new URLSearchParams('crop=top,left&fm=webp&bg=fff'))).toMatchObject({crop: ['top', 'left'], format: 'webp', background: '#fff'})
  })

  it('refuses values out of range with a message naming the parameter', () => {
    for (const [query, message] of [
      ['w=2401', /w must be from 1 to 2400/],
      ['w=0', /w must be from 1 to 2400/],
      ['h=1e3', /h must be a whole number/],
      ['w=1500&dpr=2', /w × dpr must be at most 2400/],
      ['dpr=3.5', /dpr must be from 1 to 3/],
      ['q=0', /q must be from 1 to 100/],
      ['fit=cover', /fit must be one of/],
      ['crop=middle', /crop must be made of/],
      ['rect=0,0,10', /rect must be x,y,width,height/],
      ['fm=gif', /fm must be one of/],
      ['w=10&w=20', /w is given more than once/],
    ] as const) {
      expect(() => parseImageParams(new URLSearchParams(query)), query).toThrow(message)
    }
  })

  it('chooses AVIF, then WebP, then the original format with auto=format; fm wins', () => {
    expect(chooseFormat({autoFormat: true}, 'image/avif,image/webp,*/*', 'jpg')).toBe('avif')
    expect(chooseFormat({autoFormat: true}, 'image/webp,*/*', 'jpg')).toBe('webp')
    expect(chooseFormat({autoFormat: true}, '*/*', 'png')).toBe('png')
    expect(chooseFormat({autoFormat: false}, 'image/avif', 'jpg')).toBe('jpg')
    expect(chooseFormat({autoFormat: true, format: 'png'}, 'image/avif', 'jpg')).toBe('png')
  })
})
