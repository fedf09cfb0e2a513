/**
 * Matching of Netlify Functions v2 `config.path` patterns ("/api/enroll/save",
 * "/api/enroll/upload/:uploadId", "/api/admin/*") for local serving (web/server.ts), the
 * way Netlify matches them in production.
 */

export type FunctionConfig = {path?: string | string[]; method?: string | string[]}
export type FunctionModule = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each function declares the slice of Netlify's Context it reads
  default: (request: Request, context: any) => Promise<Response> | Response
  config?: FunctionConfig
}

type CompiledRoute = {pattern: RegExp; names: string[]; methods: string[] | null; module: FunctionModule; source: string}

/** Compiles "/a/:b/*" into a RegExp with named parameters ("*" is the parameter "0"). */
export function compilePath(path: string): {pattern: RegExp; names: string[]} {
  const names: string[] = []
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        names.push('0')
        return '(.*)'
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1))
        return '([^/]+)'
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('/')
  return {pattern: new RegExp(`^${source}/?$`), names}
}

export function createFunctionRouter(modules: Array<{file: string; module: FunctionModule}>) {
  const routes: CompiledRoute[] = []
  for (const {file, module} of modules) {
    const paths = module.config?.path
    if (!paths) continue
    const methods = module.config?.method ? [module.config.method].flat().map((m) => m.toUpperCase()) : null
    for (const path of [paths].flat()) routes.push({...compilePath(path), methods, module, source: file})
  }
  /**
   * The function for `method` and `pathname` with its decoded parameters; null when none
   * matches; 'malformed' when a parameter's percent-encoding does not decode (answer 400).
   */
  return function match(method: string, pathname: string): {module: FunctionModule; params: Record<string, string>; source: string} | null | 'malformed' {
    for (const route of routes) {
      if (route.methods && !route.methods.includes(method.toUpperCase())) continue
      const found = route.pattern.exec(pathname)
      if (!found) continue
      const params: Record<string, string> = {}
      for (const [i, name] of route.names.entries()) {
        try {
          params[name] = decodeURIComponent(found[i + 1] ?? '')
        } catch {
          return 'malformed'
        }
      }
      return {module: route.module, params, source: route.source}
    }
    return null
  }
}
