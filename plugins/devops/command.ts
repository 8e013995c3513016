// `guard reconcile [--dry-run] [--scan-id ID] [--json]`: in CI, after `guard scan`/`guard gate`, makes the tracker
// match the latest scan of this directory's store, with its .guard.yaml `devops:` settings and the tokens in the
// environment. Exit 0 when every action was done, 1 when one failed or was skipped (a rerun finishes), 2 on error.
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { BadRequestError, type Command, type Kernel } from '../../kernel/plugin.ts'
import { reconcile } from './reconcile.ts'
import type { ReconcileReport } from './schemas.ts'

const USAGE = 'reconcile [--dry-run] [--scan-id ID] [--json]'

export function reconcileCommand(kernel: Kernel): Command {
  return {
    name: 'reconcile',
    async run(args) {
      let values: { 'dry-run'?: boolean; 'scan-id'?: string; json?: boolean }
      try {
        values = parseArgs({ args, options: { 'dry-run': { type: 'boolean' }, 'scan-id': { type: 'string' }, json: { type: 'boolean' } }, strict: true }).values
      } catch (e) {
        throw new BadRequestError(`${(e as Error).message}\nusage: guard ${USAGE}`)
      }
      const report = await reconcile(kernel, { dryRun: values['dry-run'], scanId: values['scan-id'], identity: { sub: 'cli', role: 'admin', auth: 'local' }, requestId: randomUUID() })
      process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report))
      if (report.stopped && !values.json) process.stderr.write(`guard: reconcile stopped: ${report.stopped}\n`)
      return report.failed ? 1 : 0
    },
  }
}

/** One line per action, then the counts. */
export function formatReport(r: ReconcileReport): string {
  const lines = [`${r.dry_run ? 'dry run (nothing changed): ' : ''}${r.provider} (${r.project}), scan ${r.scan_id} of ${r.repo}`]
  for (const a of r.actions) lines.push(`  ${a.action.padEnd(7)} ${(a.id ?? '-').padEnd(12)} ${a.status.padEnd(8)} ${a.title}${a.detail ? `\n          ${a.detail}` : ''}`)
  lines.push(`${r.created} created, ${r.updated} updated, ${r.closed} closed, ${r.reopened} reopened, ${r.unchanged} unchanged, ${r.failed} failed`)
  return `${lines.join('\n')}\n`
}
