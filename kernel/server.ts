// The HTTP service: Fastify with the error contract of CONTRACT §4; routes come from plugins.
import { randomUUID } from 'node:crypto'
import { Ajv } from 'ajv'
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify'
import { maxBodyBytes } from './config/config.ts'
import { GuardError } from './base/errors.ts'
import { Kernel } from './kernel.ts'

export interface ServerOptions {
  cwd?: string
  threads?: number
  logLevel?: string
}

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
  })
  // Query strings are text and need coercion; JSON bodies must arrive with the right types.
  const ajvFor = (coerceTypes: boolean | 'array') => new Ajv({ coerceTypes, useDefaults: true, allErrors: true, removeAdditional: false, strict: false })
  const bodyAjv = ajvFor(false)
  const textAjv = ajvFor('array')
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema))

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id)
  })

  app.setErrorHandler((error: FastifyError | GuardError, request, reply) => {
    if (error instanceof GuardError) {
      return reply.code(error.status).headers(error.headers).send({ detail: error.message, ...(error.errors ? { errors: error.errors } : {}) })
    }
    if (error.validation) {
      const errors = error.validation.map((v) => ({
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

  const kernel = await Kernel.boot({ app, cwd: opts.cwd, threads: opts.threads, warm: true })
  app.addHook('onClose', async () => kernel.close())
  return { app, kernel }
}
