// TypeScript fixture for js.open-redirect: Next.js route handlers and server actions.
import { NextRequest, NextResponse } from 'next/server'
import { redirect } from 'next/navigation'

export async function GET(request: NextRequest): Promise<NextResponse> {
  const callbackUrl: string = request.nextUrl.searchParams.get('callbackUrl') ?? '/'
  if (request.nextUrl.searchParams.has('plain')) {
    // ok: js.open-redirect (flow: sanitized)
    return NextResponse.redirect(new URL('/dashboard', request.url))
  }
  // ruleid: js.open-redirect (flow: assignments)
  return NextResponse.redirect(new URL(callbackUrl, request.url))
}

export async function POST(request: NextRequest): Promise<never> {
  const form = await request.formData()
  const to = form.get('to') as string
  // ruleid: js.open-redirect (flow: assignments)
  redirect(to)
}

export function go(section: string): never {
  // ok: js.open-redirect
  redirect(`/settings/${section}`)
}
