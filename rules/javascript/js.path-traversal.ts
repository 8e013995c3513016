// TypeScript fixture for js.path-traversal: a Next.js route handler and fs/promises imported by name.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { NextRequest, NextResponse } from 'next/server'

const ROOT: string = path.join(process.cwd(), 'content')

export async function GET(request: NextRequest, { params }: { params: { slug: string } }): Promise<NextResponse> {
  // ruleid: js.path-traversal (flow: direct)
  const page = await readFile(path.join(ROOT, `${params.slug}.md`), 'utf8')
  const theme = request.nextUrl.searchParams.get('theme') as string
  // ruleid: js.path-traversal (flow: assignments)
  const css = await readFile(path.join(ROOT, 'themes', theme!), 'utf8')
  // ok: js.path-traversal (flow: sanitized)
  const safe = await readFile(path.join(ROOT, path.basename(theme)), 'utf8')
  return NextResponse.json({ page, css, safe })
}

export async function POST(request: NextRequest): Promise<NextResponse> {
  const form = await request.formData()
  const name = form.get('name') as string
  // ruleid: js.path-traversal (flow: assignments)
  await writeFile(path.join(ROOT, 'drafts', name), String(form.get('body')))
  // ok: js.path-traversal (flow: direct)
  await writeFile(path.join(ROOT, 'drafts', 'latest.md'), String(form.get('body')))
  return NextResponse.json({ ok: true })
}
