// TypeScript fixture for js.sql-injection: Next.js route handlers with Prisma and TypeORM.
import { NextRequest, NextResponse } from 'next/server'
import { PrismaClient, Prisma } from '@prisma/client'
import { DataSource } from 'typeorm'

const prisma = new PrismaClient()
const dataSource = new DataSource({ type: 'postgres' })

export async function GET(request: NextRequest, { params }: { params: { id: string } }): Promise<NextResponse> {
  const search: string = request.nextUrl.searchParams.get('q') ?? ''
  // ruleid: js.sql-injection (flow: assignments)
  const users = await prisma.$queryRawUnsafe(`SELECT * FROM "User" WHERE name LIKE '%${search}%'`)
  // ruleid: js.sql-injection (flow: direct)
  const user = await dataSource.query('SELECT * FROM users WHERE id = ' + params.id)
  // ok: js.sql-injection (flow: sanitized)
  const safe = await prisma.$queryRaw`SELECT * FROM "User" WHERE name = ${search}`
  // ok: js.sql-injection (flow: sanitized)
  const safer = await prisma.$queryRaw(Prisma.sql`SELECT * FROM "User" WHERE id = ${params.id}`)
  // ok: js.sql-injection (flow: number-conversion)
  const page = await dataSource.query(`SELECT * FROM users LIMIT 10 OFFSET ${Number(search) * 10}`)
  return NextResponse.json({ users, user, safe, safer, page })
}

export async function POST(request: NextRequest): Promise<NextResponse> {
  const body: { name: string } = await request.json()
  const name = body.name as string
  // ruleid: js.sql-injection (flow: assignments)
  await prisma.$executeRawUnsafe("DELETE FROM sessions WHERE owner = '" + name + "'")
  return NextResponse.json({ ok: true })
}
