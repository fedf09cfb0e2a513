/**
 * GET /cdn/images/… and /cdn/files/… — the embedded seed's images (resized with sharp) and
 * videos, in Sanity's CDN URL shape; see netlify/platform/images/endpoint.ts. With a Sanity project
 * configured the site's asset URLs point at cdn.sanity.io and this function is not used.
 */
import type {Config} from '@netlify/functions'
import {seedAssetIndex} from '#netlify/platform/content/client'
import {handle} from '../platform/http'
import {createImageEndpoint} from '../platform/images/endpoint'
import {imageCacheDir} from '../platform/images/cache-dir'

export default handle(createImageEndpoint({index: seedAssetIndex, cacheDir: imageCacheDir()}))

export const config: Config = {path: ['/cdn/images/*', '/cdn/files/*']}
