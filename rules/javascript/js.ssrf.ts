// TypeScript fixture for js.ssrf: Next.js route handlers.
import { NextRequest, NextResponse } from 'next/server'

export async function GET(request: NextRequest): Promise<NextResponse> {
  const target: string | null = request.nextUrl.searchParams.get('url')
  // ruleid: js.ssrf (flow: assignments)
  const upstream = await fetch(target!, { cache: 'no-store' })
  const { searchParams } = new URL(request.url)
  // ruleid: js.ssrf (flow: assignments)
  const preview = await fetch(searchParams.get('preview') as string)
  // ok: js.ssrf (flow: sanitized)
  const safe = await fetch(`https://images.example.com/resize?src=${encodeURIComponent(target ?? '')}`)
  return new NextResponse(await upstream.text() + (await preview.text()) + safe.status)
}

export async function POST(request: NextRequest): Promise<NextResponse> {
  const { webhook }: { webhook: string } = await request.json()
  // ruleid: js.ssrf (flow: assignments)
  await fetch(webhook, { method: 'POST', body: '{}' })
  return NextResponse.json({ ok: true })
}
