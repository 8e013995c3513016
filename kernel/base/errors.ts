// The one small set of error values; each maps to a row of CONTRACT §4. Routes throw, never build bodies.
export interface FieldError {
  path: string
  message: string
}

/** A JSON pointer as a key path: `/gate/fail_on/0` → `gate.fail_on[0]`. */
export function keyPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((acc, part) => (/^\d+$/.test(part) ? `${acc}[${part}]` : acc ? `${acc}.${part}` : part), '')
}

/** A client's value as an answer may echo it: quoted, and cut when long (a 15 MB path is not sent back). */
export function quoted(value: string, max = 200): string {
  const text = JSON.stringify(value.length > max ? value.slice(0, max) : value)
  return value.length > max ? `${text.slice(0, -1)}…" (${value.length} characters)` : text
}

export class GuardError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldError[],
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = new.target.name
  }
}

export class BadRequestError extends GuardError {
  constructor(message: string) {
    super(400, message)
  }
}
export class UnauthorizedError extends GuardError {
  constructor(message: string, headers: Record<string, string> = {}) {
    super(401, message, undefined, headers)
  }
}
export class ForbiddenError extends GuardError {
  constructor(message: string) {
    super(403, message)
  }
}
export class NotFoundError extends GuardError {
  constructor(message: string) {
    super(404, message)
  }
}
export class ConflictError extends GuardError {
  constructor(message: string) {
    super(409, message)
  }
}
export class PayloadTooLargeError extends GuardError {
  constructor(message: string) {
    super(413, message)
  }
}
export class ValidationError extends GuardError {
  constructor(message: string, errors: FieldError[]) {
    super(422, message, errors)
  }
}
export class ScanTimeoutError extends GuardError {
  constructor(seconds: number) {
    super(504, `Scan exceeded its time limit of ${seconds} s`)
  }
}
export class TooManyRequestsError extends GuardError {
  constructor(message: string, retryAfterS: number) {
    super(429, message, undefined, { 'retry-after': String(retryAfterS) })
  }
}
