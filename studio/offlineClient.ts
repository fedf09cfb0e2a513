/**
 * A @sanity/client that cannot reach the network: every HTTP request it (or a client derived
 * from it with `withConfig`) would make fails at once with an "offline" error, before any DNS
 * lookup. Used by the mock auth store when SANITY_OFFLINE is set, where Sanity would otherwise
 * ask https://<projectId>.api.sanity.io/.../features whether to upload the schema, and by
 * scripts/validate-seed.ts as the base of its groq-js backed client.
 *
 * It relies on the client's `requester` option (the transport; marked "don't use" in
 * @sanity/client 7 but still honoured for every request, including assets/users/projects).
 */
import {createClient, type ClientConfig, type SanityClient} from '@sanity/client'

type Requester = NonNullable<ClientConfig['requester']>

const refuse = ((options: {url?: string; uri?: string}) => ({
  subscribe(subscriber: {error: (err: Error) => void}) {
    subscriber.error(new Error(`SANITY_OFFLINE: refused a request to ${options.url ?? options.uri ?? 'sanity.io'}`))
    return {unsubscribe() {}}
  },
})) as unknown as Requester

export function createOfflineClient(config: Pick<ClientConfig, 'projectId' | 'dataset' | 'apiVersion'>): SanityClient {
  return createClient({...config, useCdn: false, requester: refuse})
}
