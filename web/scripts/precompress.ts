/**
 * Writes brotli (quality 11) and gzip (level 9) copies next to every text asset of the client
 * build (web/build/client: .js, .css, .svg, .json, .txt, .html, .xml, .webmanifest over 1 KB), so
 * `web/server.ts` (sirv with `brotli`/`gzip`) sends them precompressed instead of compressing on
 * every request at a fast, weaker level. Netlify's CDN compresses the same files itself in
 * production; the copies are ignored there.
 *
 *   tsx web/scripts/precompress.ts [DIR]     (run by `npm run build`)
 */
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {brotliCompressSync, constants, gzipSync} from 'node:zlib'

/** Extensions worth compressing (images other than SVG are already compressed). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|html|xml|webmanifest)$/
/** Smaller files are sent as they are; web/server.ts uses the same threshold for pages. */
export const MIN_BYTES = 1024

/** Every file under `dir`, recursively (absolute paths). */
function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (entry.isFile()) yield path
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` for every compressible file of `dir` over MIN_BYTES whose
 * compressed copy is smaller than the file. Returns how many files were compressed and the bytes
 * before and after (brotli). Throws if `dir` does not exist.
 */
export function precompress(dir: string): {files: number; bytes: number; brotliBytes: number} {
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  for (const path of walk(dir)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue
    const data = readFileSync(path)
    const brotli = brotliCompressSync(data, {
      params: {[constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length},
    })
    const gzip = gzipSync(data, {level: 9})
    if (brotli.length < data.length) writeFileSync(`${path}.br`, brotli)
    if (gzip.length < data.length) writeFileSync(`${path}.gz`, gzip)
    files += 1
    bytes += data.length
    brotliBytes += Math.min(brotli.length, data.length)
  }
  return {files, bytes, brotliBytes}
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const dir = process.argv[2] ?? fileURLToPath(new URL('../build/client', import.meta.url))
  const {files, bytes, brotliBytes} = precompress(dir)
  console.log(`precompress: ${files} files, ${(bytes / 1000).toFixed(0)} KB → ${(brotliBytes / 1000).toFixed(0)} KB brotli (${dir})`)
}
