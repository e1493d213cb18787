/** A tiny static file server for the test page and the SDK bundle (a different origin than Silo). */
import { readFile } from 'node:fs/promises'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.map': 'application/json',
}

export interface StaticServer {
  url: string
  close(): Promise<void>
}

/** Serves `files` (path → content) and the folder `dir` under `/sdk/`. */
export async function serveStatic(files: Record<string, string>, dir: string): Promise<StaticServer> {
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0]!
    try {
      const body =
        files[path] ??
        (path.startsWith('/sdk/') ? await readFile(join(dir, normalize(path.slice(5)))) : undefined)
      if (body === undefined) throw new Error('not found')
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
