// TypeScript fixture for js.eval-injection (JavaScript rules also read TypeScript).
interface Job { script: string }

export function run(job: Job): unknown {
  // ruleid: js.eval-injection
  return eval(job.script as string)
}

export function compile(body: string): Function {
  // ruleid: js.eval-injection
  return new Function('ctx', body)
}

// ok: js.eval-injection
export const answer: number = eval('40 + 2')
// ok: js.eval-injection
export const later = setTimeout((): void => console.log('tick'), 10)
