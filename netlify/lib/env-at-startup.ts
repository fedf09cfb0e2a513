/**
 * Start-up validation of the environment for the Netlify Functions (issue 13): every function
 * imports netlify/lib/http.ts, which imports this module, so a malformed variable stops the
 * function's start with an EnvError naming it (web/app/lib/env.server.ts), as the page function
 * (web/app/entry.server.tsx) and the local server (web/server.ts) do. Payments' and the
 * administrator's production rules are not checked here: their functions answer 503.
 */
import {getEnv} from '../../web/app/lib/env.server'

getEnv()
