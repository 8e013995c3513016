// TypeScript fixture for js.eval-injection (JavaScript rules also read TypeScript).
import type { Request, Response } from 'express'
import { Script } from 'node:vm'

export function calc(req: Request, res: Response): void {
  const formula = req.query.formula as string
  // ruleid: js.eval-injection
  res.json({ value: eval(formula) })
}

export function compile(req: Request): Script {
  // ruleid: js.eval-injection
  return new Script(`(${req.body.expression as string})`)
}

export function template(): unknown {
  // ruleid: js.eval-injection
  return new Function('data', 'return `' + document.referrer + '`')
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
