/**
 * The page bench's baseline (bench/run.ts starts it as a child process): a bare node:http server
 * that answers GET with bytes captured once from the site — the same HTML, status and headers
 * (less the hop-by-hop ones; it sends Content-Length where the site streams chunked) — and does
 * no other work. What the site spends beyond this server is rendering and routing.
 *   tsx bench/static-html.ts PORT PAGES_JSON
 * PAGES_JSON: {"/path": {"status": 200, "headers": [["name", "value"], …], "body": "<base64>"}}
 */
import {readFileSync} from 'node:fs'
import {createServer} from 'node:http'

export type CapturedPage = {status: number; headers: [string, string][]; body: string}

const [portArg, file] = process.argv.slice(2)
if (!portArg || !file) {
  console.error('usage: tsx bench/static-html.ts PORT PAGES_JSON')
  process.exit(2)
}

const pages = new Map(
  Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, CapturedPage>).map(([path, page]) => {
    const body = Buffer.from(page.body, 'base64')
    return [path, {status: page.status, headers: [...page.headers, ['content-length', String(body.length)]] as [string, string][], body}]
  }),
)

const server = createServer((req, res) => {
  const page = pages.get(req.url ?? '')
  if (!page) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(page.status, page.headers.flat())
  res.end(page.body)
})
server.listen(Number(portArg), () => console.log(`static baseline ready on http://localhost:${portArg} (${pages.size} pages)`))

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)))
