/** Read access, from the tests, to what the site under test stored in its Blobs emulation. */
import {getStore} from '@netlify/blobs'
// eslint-disable-next-line no-restricted-imports -- the root's Playwright config has no alias
import {E2E_BLOBS} from '../../playwright.config'

export function siteStore(name: string) {
  const url = `http://localhost:${E2E_BLOBS.port}`
  return getStore({name, siteID: E2E_BLOBS.siteID, token: E2E_BLOBS.token, edgeURL: url, uncachedEdgeURL: url, consistency: 'strong'})
}
