// TypeScript fixture for js.eval-injection: type annotations, assertions and non-null marks do not stop a flow.
import type { Request, Response } from 'express'
import { NextRequest, NextResponse } from 'next/server'
import { Script } from 'node:vm'

export function calc(req: Request, res: Response): void {
  const formula: string = req.query.formula as string
  // ruleid: js.eval-injection (flow: assignments)
  res.json({ value: eval(formula) })
}

export function compile(req: Request): Script {
  // ruleid: js.eval-injection (flow: direct)
  return new Script(`(${req.body.expression as string})`)
}

export function template(): unknown {
  // ruleid: js.eval-injection (flow: string-building)
  return new Function('data', 'return `' + document.referrer + '`')
}

function unwrap<T>(value: T): T {
  return value
}

export async function POST(request: NextRequest): Promise<NextResponse> {
  const { script } = await request.json()
  // ruleid: js.eval-injection (flow: helper-function)
  const out = eval(unwrap<string>(script))
  const q = request.nextUrl.searchParams.get('q')!
  // ruleid: js.eval-injection (flow: assignments)
  const r = eval(<string>q)
  // ok: js.eval-injection (flow: number-conversion)
  const n = eval(`${Number(q)} + 1`)
  return NextResponse.json({ out, r, n })
}

class Evaluator {
  private source: string = ''
  private readonly preset: string = '1'

  load(req: Request): void {
    this.source = String(req.body.source)
  }

  run(): unknown {
    // ruleid: js.eval-injection (flow: class-field)
    return eval(this.source)
  }

  runPreset(): unknown {
    // ok: js.eval-injection (flow: class-field)
    return eval(this.preset)
  }
}

interface Job { script: string }
export function run(job: Job): unknown {
  // ok: js.eval-injection
  return eval(job.script as string)
}
// ok: js.eval-injection
export const answer: number = eval('40 + 2')
// ok: js.eval-injection
export const later = setTimeout((): void => console.log('tick'), 10)
