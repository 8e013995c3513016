// The HTTP service: Fastify with the error contract of CONTRACT §4; routes come from plugins.
import { randomUUID } from 'node:crypto'
import { Ajv } from 'ajv'
import Fastify, { type ConnectionError, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify'
import { maxBodyBytes } from './config/config.ts'
import { BadRequestError, GuardError } from './base/errors.ts'
import { inputShapeProblem } from './base/input.ts'
import { Kernel } from './kernel.ts'

export interface ServerOptions {
  cwd?: string
  threads?: number
  logLevel?: string
}

/** Problems listed in one error answer at most. */
const MAX_ERRORS = 100

/** `/body/files/x` → `body.files.x` (the path named in a 422). */
function fieldPath(location: string | undefined, instancePath: string, missing?: string): string {
  const parts = [location ?? 'body', ...instancePath.split('/').slice(1), ...(missing ? [missing] : [])]
  return parts.map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~')).join('.')
}

export async function buildServer(opts: ServerOptions = {}): Promise<{ app: FastifyInstance; kernel: Kernel }> {
  const app = Fastify({
    logger: { level: opts.logLevel ?? process.env.GUARD_LOG_LEVEL ?? 'info' },
    bodyLimit: maxBodyBytes(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // What Fastify answers before a route is found (a path parameter over its length: 414; a malformed URL: 400).
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      const answer = (reply as FastifyReply).code(tooLong ? 414 : 400)
      void (request.method === 'HEAD' ? answer.send() : answer.send({ detail: tooLong ? 'A path parameter is too long' : 'Malformed request URL' }))
    },
    // HTTP/1.1 requires Host; Node would refuse a request without it with an empty body, this answers in our form.
    http: { requireHostHeader: false },
    // What Node's HTTP parser refuses before Fastify sees a request (headers too large: 431; else 400).
    clientErrorHandler: (error: ConnectionError, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return
      const [status, text, detail] =
        error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large', 'Request headers are too large'] :
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout', 'The request took too long to arrive'] :
        [400, 'Bad Request', 'Malformed HTTP request']
      const body = JSON.stringify({ detail })
      // An answer to HEAD has no body, whatever the request's other faults.
      const raw = error.rawPacket as unknown as Buffer | undefined // a Buffer at run time, whatever the types say
      const head = raw?.subarray(0, 5).toString('latin1') === 'HEAD '
      if (socket.writable) socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n${head ? '' : body}`)
      socket.destroy(error)
    },
  })
  // Query strings are text and need coercion; JSON bodies must arrive with the right types.
  const ajvFor = (coerceTypes: boolean | 'array') => new Ajv({ coerceTypes, useDefaults: true, allErrors: true, removeAdditional: false, strict: false })
  const bodyAjv = ajvFor(false)
  const textAjv = ajvFor('array')
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema))

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })
  app.addHook('onRequest', async (request) => {
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) throw new BadRequestError('An HTTP/1.1 request needs a Host header')
  })
  // Before schema validation and every route: a body nested past any real need, or one that would set an object's
  // prototype, is refused; the walks of merges, masks and validators then never meet an unbounded depth.
  app.addHook('preValidation', async (request) => {
    const problem = inputShapeProblem(request.body)
    if (problem) throw new BadRequestError(`The request body is ${problem.startsWith('nested') ? problem : `not acceptable: ${problem}`}`)
  })

  app.setErrorHandler((error: FastifyError | GuardError, request, reply) => {
    if (error instanceof GuardError) {
      // A request with ten thousand bad entries gets the first hundred problems, not an answer larger than itself.
      const errors = error.errors && error.errors.length > MAX_ERRORS ? [...error.errors.slice(0, MAX_ERRORS), { path: '…', message: `and ${error.errors.length - MAX_ERRORS} more` }] : error.errors
      return reply.code(error.status).headers(error.headers).send({ detail: error.message, ...(errors ? { errors } : {}) })
    }
    if (error.validation) {
      const errors = error.validation.slice(0, MAX_ERRORS).map((v) => ({
        path: fieldPath(error.validationContext, v.instancePath, (v.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ?? (v.params as { additionalProperty?: string }).additionalProperty),
        message: v.keyword === 'additionalProperties' ? 'unknown field' : v.message ?? 'invalid',
      }))
      return reply.code(422).send({ detail: 'Request validation failed', errors })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const detail = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Malformed JSON body' : error.message
      return reply.code(status).send({ detail })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ detail: 'Internal server error', request_id: request.id })
  })

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` })
  })

  const kernel = await Kernel.boot({ app, cwd: opts.cwd, threads: opts.threads, warm: true, prepare: true })
  app.addHook('onClose', async () => kernel.close())
  return { app, kernel }
}
