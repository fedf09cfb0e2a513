/**
 * Country flags served by this site (never a flag CDN): the 4:3 SVGs of the maintained
 * `flag-icons` package, emitted by Vite as fingerprinted assets.
 */
const flagModules = import.meta.glob<string>('../../../node_modules/flag-icons/flags/4x3/*.svg', {
  eager: true,
  query: '?url',
  import: 'default',
})

const flagsByCode = new Map<string, string>()
for (const [file, url] of Object.entries(flagModules)) {
  const code = /\/([a-z0-9-]+)\.svg$/.exec(file)?.[1]
  if (code) flagsByCode.set(code, url)
}

/**
 * The URL of the flag for an ISO 3166-1 alpha-2 code ("ae", case-insensitive),
 * or null for a code without a flag.
 */
export function flagUrl(countryCode: string | null | undefined): string | null {
  if (!countryCode) return null
  return flagsByCode.get(countryCode.trim().toLowerCase()) ?? null
}
