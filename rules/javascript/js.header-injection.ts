// TypeScript fixture for js.header-injection: a Next.js route handler with a Fetch API Headers object.
import { NextRequest } from 'next/server'

export async function GET(request: NextRequest): Promise<Response> {
  const name: string = request.nextUrl.searchParams.get('name') ?? 'export'
  const headers = new Headers()
  // ruleid: js.header-injection (flow: assignments)
  headers.set('Content-Disposition', `attachment; filename="${name}.csv"`)
  // ok: js.header-injection (flow: sanitized)
  headers.set('X-Name', encodeURIComponent(name))
  // ok: js.header-injection
  headers.set('Content-Type', 'text/csv')
  return new Response('a,b\n', { headers })
}
