// Requirement traceability (CONTRACT §11): POST /api/generate-reqs drafts requirements for untraced code units,
// GET /api/check-coverage reports each requirement's code and test references; `guard trace` writes the matrix.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorResponses, GuardError, resolveScanTarget, scanRoots, type PluginContext } from '../../kernel/plugin.ts'
import { traceCommand } from './command.ts'
import { CoverageQuery, CoverageResult, GenerateRequest, GenerateResult } from './schemas.ts'
import { coverageOf, generateRequirements } from './traceability.ts'

export const manifest = { name: 'requirements', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const errors = errorResponses(400, 404, 409, 413, 422, 504)
const tags = ['requirements']

const READING = [
  'The repository is read as a scan reads it: `.gitignore`, vendored, build and VCS folders and its `include`/`exclude` respected, files over `limits.max_file_kb` passed over,',
  'at most GUARD_TRACE_MAX_FILES source files (default 20,000) and GUARD_TRACE_MAX_MB of source (default 200); past those, `truncated` says where it stopped.',
  'Tags are read in comments and docstrings only (a real parser per language): `REQ-123`, `SRS-`, `SWR-`, `SRD-`, `URS-`, `SYS-` ids, or `@requirement` / `@req` followed by any id.',
  'Test files are recognised by their paths (`test/`, `*_test.go`, `*.spec.ts`, `test_*.py`…). The file is `requirements.yaml`, or the repository `.guard.yaml`\'s `requirements:` path.',
].join(' ')

export default function register({ kernel, app, registerCommand }: PluginContext): void {
  registerCommand(traceCommand(kernel))
  if (!app) return

  /** The repository, confined as the scan routes confine it; an agent also to its repo_access. */
  const repository = (request: FastifyRequest, repoPath: string | undefined) =>
    resolveScanTarget(repoPath ?? '.', scanRoots(kernel.cwd), request.identity?.role === 'agent' ? request.identity.repo_access ?? [] : undefined).root
  /** The reading stops when its client goes away. */
  const untilGone = (reply: FastifyReply) => {
    const abort = new AbortController()
    reply.raw.once('close', () => reply.raw.writableFinished || abort.abort(new GuardError(499, 'The client closed the request')))
    return abort.signal
  }

  app.post('/api/generate-reqs', {
    config: { permission: 'requirements' },
    schema: {
      summary: 'Draft requirements for the code units no requirement traces, appended to requirements.yaml',
      description: [
        'Units: HTTP routes (Express, Fastify, Flask, FastAPI, Django, Spring, ASP.NET, Go net/http, gin), exported functions (JS/TS `export`, Go capitalised, public Python module-level `def`, C/C++ external, PHP, Ruby) and public classes.',
        'A Java or C# controller is traced through its routes; public methods are parts of their class. A unit is traced by a tag in its leading comments or body, in its class\'s header or the file\'s header, or by a requirement whose `source` points at it.',
        'Each draft gets the next id after the highest of the file\'s last prefix, at its width; existing entries are never renumbered, and the file keeps its text and comments (the drafts are appended). A second run drafts nothing for the same units.',
        '`dry_run` lists the drafts and writes nothing. A malformed requirements.yaml is a 422 naming its line, and is left as it is.',
        READING,
      ].join('\n\n'),
      tags, body: GenerateRequest, response: { 200: GenerateResult, ...errors },
    },
  }, async (request, reply) => {
    const body = request.body as GenerateRequest
    return generateRequirements(kernel, repository(request, body.repo_path), { dryRun: body.dry_run ?? false, kinds: body.kinds, signal: untilGone(reply) })
  })

  app.get('/api/check-coverage', {
    config: { permission: 'requirements' },
    schema: {
      summary: 'Each requirement\'s code and test references, its status, the orphan tags and the percentages',
      description: [
        '`covered`: named in code and in a test; `untested`: in code only; `unimplemented`: in no code (a requirement\'s own `source`, pointing into a source file, counts as code).',
        'Orphans are tags naming no requirement of the file. Without a requirements file the answer is 200 with no requirements, every tag an orphan, and a `note`.',
        READING,
      ].join('\n\n'),
      tags, querystring: CoverageQuery, response: { 200: CoverageResult, ...errors },
    },
  }, async (request, reply) => coverageOf(kernel, repository(request, (request.query as CoverageQuery).repo_path), untilGone(reply)))
}
