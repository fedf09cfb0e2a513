/**
 * The local image endpoint (docs/requirements.md#req-issue-19-image-endpoint): seed
 * markers resolved into assets (sha1 ids, dimensions, LQIP), renditions by Sanity's URL API
 * (format negotiation, dimensions, crop/rect), the on-disk rendition cache, byte ranges for
 * video, and refusals: unknown assets and traversal (404), parameters out of range (400), markers
 * naming files outside the assets folder (ignored).
 */
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {createImageEndpoint} from '#netlify/platform/images/endpoint'
import {HttpError} from '#netlify/platform/http'
import {parseNdjson} from '#netlify/platform/content/client'
import {resolveSeedAssets, type SeedAssetIndex} from '#netlify/platform/content/seed-assets'
import {imageSrcSet, imageUrl, resolveImage} from '~/lib/image.server'

let dir: string
let cacheDir: string
let index: SeedAssetIndex
let documents: Array<Record<string, unknown>>
let endpoint: (request: Request) => Promise<Response>

const ORIGIN = 'http://localhost'

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'image-endpoint-'))
  cacheDir = join(dir, 'cache')
  mkdirSync(join(dir, 'assets'))
  // A 1600×900 photo-like JPEG: left half red, right half blue (so crops are checkable).
  const left = await sharp({create: {width: 800, height: 900, channels: 3, background: '#d00000'}})
    .png()
    .toBuffer()
  await sharp({create: {width: 1600, height: 900, channels: 3, background: '#0000d0'}})
    .composite([{input: left, left: 0, top: 0}])
    .jpeg({quality: 90})
    .toFile(join(dir, 'assets', 'photo.jpg'))
  writeFileSync(join(dir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60"/></svg>')
  writeFileSync(join(dir, 'assets', 'clip.mp4'), Buffer.from(Array.from({length: 1000}, (_, i) => i % 256)))
  writeFileSync(join(dir, 'secret.jpg'), 'not for the web')
  const seed = [
    {
      _id: 'a',
      _type: 'page',
      photo: {_type: 'image', _sanityAsset: 'image@file://./assets/photo.jpg', alt: 'A photo', hotspot: {x: 0.8, y: 0.5, width: 0.2, height: 0.2}},
    },
    {_id: 'b', _type: 'page', logo: {_type: 'image', _sanityAsset: 'image@file://./assets/logo.svg', alt: 'Logo'}},
    {_id: 'c', _type: 'page', video: {_type: 'file', _sanityAsset: 'file@file://./assets/clip.mp4'}},
    {_id: 'd', _type: 'page', escape: {_type: 'image', _sanityAsset: 'image@file://./assets/../secret.jpg', alt: 'x'}},
    {_id: 'e', _type: 'page', missing: {_type: 'image', _sanityAsset: 'image@file://./assets/missing.jpg', alt: 'x'}},
  ]
  const resolved = await resolveSeedAssets(seed, join(dir, 'seed.ndjson'))
  index = resolved.index
  documents = resolved.documents
  endpoint = createImageEndpoint({index: async () => index, cacheDir})
})
afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** The endpoint's answer, with HttpErrors turned into their status (as `handle` does). */
async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  try {
    return await endpoint(new Request(`${ORIGIN}${path}`, {headers}))
  } catch (error) {
    if (error instanceof HttpError) return new Response(error.message, {status: error.status})
    throw error
  }
}

const photo = () => index.byName.get('photo.jpg')!.asset
const photoSource = () => ({asset: {_id: photo()._id, url: photo().url, metadata: photo().metadata}, alt: 'A photo'})

describe('seed assets as a real dataset has them', () => {
  it('replaces markers by references to sanity.imageAsset / sanity.fileAsset documents with dimensions and an LQIP', () => {
    const asset = photo()
    expect(asset._id).toMatch(/^image-[0-9a-f]{40}-1600x900-jpg$/)
    expect(asset.url).toBe(`/cdn/images/local/production/${asset.sha1hash}-1600x900.jpg`)
    expect(asset.metadata?.dimensions).toMatchObject({width: 1600, height: 900, aspectRatio: 1600 / 900})
    expect(asset.metadata?.lqip).toMatch(/^data:image\/jpeg;base64,/)
    expect(documents.find((d) => d._id === 'a')?.photo).toEqual({
      _type: 'image',
      asset: {_type: 'reference', _ref: asset._id},
      alt: 'A photo',
      hotspot: {x: 0.8, y: 0.5, width: 0.2, height: 0.2},
    })
    expect(documents.filter((d) => d._type === 'sanity.imageAsset')).toHaveLength(2)
    expect(documents.filter((d) => d._type === 'sanity.fileAsset')).toHaveLength(1)
  })

  it('never resolves a marker outside the assets folder, and drops a missing file (the page shows its fallback)', () => {
    expect(documents.find((d) => d._id === 'd')?.escape).toEqual({_type: 'image', alt: 'x'})
    expect(documents.find((d) => d._id === 'e')?.missing).toEqual({_type: 'image', alt: 'x'})
    expect([...index.byName.keys()].sort()).toEqual(['clip.mp4', 'logo.svg', 'photo.jpg'])
  })
})

describe('the real seed', () => {
  it('resolves every marker to a file in studio/seed/assets, under 3 MB in all, each image with dimensions and (raster) an LQIP', async () => {
    const file = 'studio/seed/production.ndjson'
    const real = await resolveSeedAssets(parseNdjson(readFileSync(file, 'utf8')), join(process.cwd(), file))
    expect(JSON.stringify(real.documents)).not.toContain('_sanityAsset')
    const assets = [...real.index.byName.values()]
    expect(assets.length).toBeGreaterThanOrEqual(34)
    const bytes = readdirSync('studio/seed/assets').reduce((sum, name) => sum + statSync(join('studio/seed/assets', name)).size, 0)
    expect(bytes).toBeLessThan(3 * 1024 * 1024)
    for (const {asset} of assets) {
      if (asset._type === 'sanity.fileAsset') continue
      expect(asset.metadata?.dimensions.width, asset.originalFilename).toBeGreaterThan(0)
      if (asset.extension !== 'svg') expect(asset.metadata?.lqip, asset.originalFilename).toMatch(/^data:image\/(jpeg|png);base64,/)
    }
  }, 30_000)
})

describe('renditions', () => {
  it('negotiates the format by Accept with auto=format (AVIF > WebP > original) and says Vary: Accept', async () => {
    const path = new URL(imageUrl(resolveImage(photoSource())!, 320), ORIGIN).pathname + '?w=320&auto=format'
    const avif = await get(path, {accept: 'image/avif,image/webp,*/*'})
    expect(avif.status).toBe(200)
    expect(avif.headers.get('content-type')).toBe('image/avif')
    expect(avif.headers.get('vary')).toBe('Accept')
    expect(avif.headers.get('netlify-vary')).toBe('header=Accept')
    expect(avif.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const webp = await get(path, {accept: 'image/webp,*/*'})
    expect(webp.headers.get('content-type')).toBe('image/webp')
    const jpeg = await get(path, {accept: '*/*'})
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg')
    expect((await sharp(Buffer.from(await jpeg.arrayBuffer())).metadata()).format).toBe('jpeg')
  })

  it('gives the requested dimensions: width alone keeps the ratio, fit=crop cuts, dpr multiplies, max never enlarges', async () => {
    const base = new URL(photo().url, ORIGIN).pathname
    const size = async (query: string) => {
      const response = await get(`${base}?${query}`)
      expect(response.status, query).toBe(200)
      const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      return [meta.width, meta.height]
    }
    expect(await size('w=320')).toEqual([320, 180])
    expect(await size('w=300&h=300&fit=crop')).toEqual([300, 300])
    expect(await size('w=200&dpr=2')).toEqual([400, 225])
    expect(await size('w=2000&fit=max')).toEqual([1600, 900])
    expect(await size('w=200&h=200&fit=scale')).toEqual([200, 200])
    expect(await size('rect=0,0,800,900&w=100')).toEqual([100, 113])
  })

  it('honours the hotspot through the URL builder: a square cut is centred on the hotspot (blue right half, red left half)', async () => {
    /** The colour in the middle of a 100×100 square rendition with the hotspot at `x`. */
    const middle = async (x: number) => {
      const url = new URL(imageUrl(resolveImage({...photoSource(), hotspot: {x, y: 0.5, width: 0.1, height: 0.1}})!, 100, {aspect: 1}), ORIGIN)
      expect(url.search).toContain('rect=')
      const response = await get(url.pathname + url.search, {accept: '*/*'})
      const {data, info} = await sharp(Buffer.from(await response.arrayBuffer()))
        .raw()
        .toBuffer({resolveWithObject: true})
      expect([info.width, info.height]).toEqual([100, 100])
      const at = (50 * 100 + 50) * info.channels
      return {red: data[at]!, blue: data[at + 2]!}
    }
    const right = await middle(0.8)
    expect(right.blue).toBeGreaterThan(150)
    expect(right.red).toBeLessThan(80)
    const left = await middle(0.2)
    expect(left.red).toBeGreaterThan(150)
    expect(left.blue).toBeLessThan(80)
  })

  it('caches each rendition on disk and serves it from there the second time', async () => {
    const path = `${new URL(photo().url, ORIGIN).pathname}?w=480&q=60`
    const first = await get(path)
    expect(first.headers.get('x-image-cache')).toBe('miss')
    const files = readdirSync(cacheDir).filter((f) => f.endsWith('.bin'))
    expect(files.length).toBeGreaterThan(0)
    const second = await get(path)
    expect(second.headers.get('x-image-cache')).toBe('hit')
    expect(Buffer.from(await second.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true)
    expect(existsSync(join(dir, 'assets', '..', 'cache'))).toBe(true)
  })

  it('serves SVG as it is, and video files with byte ranges', async () => {
    const svg = await get(new URL(index.byName.get('logo.svg')!.asset.url, ORIGIN).pathname + '?w=100')
    expect(svg.headers.get('content-type')).toBe('image/svg+xml')
    expect(await svg.text()).toContain('<svg')
    const video = index.byName.get('clip.mp4')!.asset
    expect(video.url).toMatch(/^\/cdn\/files\/local\/production\/[0-9a-f]{40}\.mp4$/)
    const whole = await get(video.url)
    expect(whole.status).toBe(200)
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    const part = await get(video.url, {range: 'bytes=10-19'})
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe('bytes 10-19/1000')
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19])
    expect((await get(video.url, {range: 'bytes=5000-'})).status).toBe(416)
  })
})

describe('refusals', () => {
  it('answers 404 for unknown assets and for traversal attempts, never reading outside the assets', async () => {
    const sha = photo().sha1hash
    for (const path of [
      `/cdn/images/local/production/${'0'.repeat(40)}-1600x900.jpg`,
      `/cdn/images/local/production/..%2F..%2Fseed.ndjson`,
      `/cdn/images/local/production/..%2Fsecret.jpg`,
      `/cdn/images/local/production/%2e%2e/secret.jpg`,
      `/cdn/images/other/production/${sha}-1600x900.jpg`,
      `/cdn/files/local/production/${sha}-1600x900.jpg`,
      `/cdn/images/local/production/photo.jpg`,
    ]) {
      expect((await get(path)).status, path).toBe(404)
    }
  })

  it('answers 400 for sizes over 2400 px and other parameters out of range', async () => {
    const base = new URL(photo().url, ORIGIN).pathname
    for (const query of [
      'w=5000',
      'h=2401',
      'w=2000&dpr=2',
      'q=0',
      'q=101',
      'dpr=4',
      'w=-1',
      'w=abc',
      'fit=stretch',
      'fm=gif',
      'rect=1,2,3',
      'auto=compress',
    ]) {
      expect((await get(`${base}?${query}`)).status, query).toBe(400)
    }
  })

  it('builds a srcset the endpoint accepts at every width', async () => {
    const srcset = imageSrcSet(resolveImage(photoSource())!)
    const urls = srcset.split(', ').map((entry) => entry.split(' ')[0]!)
    expect(urls.length).toBe(7)
    for (const url of urls.slice(0, 2)) expect((await get(new URL(url, ORIGIN).pathname + new URL(url, ORIGIN).search)).status).toBe(200)
  })
})
