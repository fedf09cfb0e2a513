/**
 * The document's JSON-LD (lib/structured-data.ts): the Organization on every page, then the
 * items each matched route declares in its `handle.structuredData`. Each item is one
 * `<script type="application/ld+json">` carrying the CSP nonce of the response.
 */
import {useMatches} from '@remix-run/react'
import {useNonce} from '~/lib/nonce'
import {hasStructuredData, organization, serializeJsonLd, type JsonLd, type StructuredDataSite} from '~/lib/structured-data'

/** Renders nothing when `site` is unknown (the root loader failed). */
export function StructuredData({site}: {site: StructuredDataSite | null}) {
  const nonce = useNonce()
  const matches = useMatches()
  if (!site) return null
  const items: JsonLd[] = [organization(site)]
  for (const match of matches) {
    if (!hasStructuredData(match.handle)) continue
    for (const item of match.handle.structuredData(match.data, site)) if (item) items.push(item)
  }
  return (
    <>
      {items.map((item, index) => (
        <script key={`${item['@type']}-${index}`} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{__html: serializeJsonLd(item)}} />
      ))}
    </>
  )
}
