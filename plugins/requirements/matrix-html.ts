// The traceability matrix as one self-contained HTML page (no script, no request leaves it), every value escaped.
import { escapeMarkup as esc, selfContainedHead } from '../../kernel/plugin.ts'
import { commitLabel, placeList, type MatrixInput } from './matrix.ts'
import type { CoverageStatus } from './schemas.ts'

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;
--covered:#1a7f37;--untested:#bc4c00;--unimplemented:#d1242f}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;
--covered:#3fb950;--untested:#db6d28;--unimplemented:#f85149}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:1200px;padding:24px;background:var(--bg);color:var(--fg);
font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{font-size:22px;margin:0 0 8px}h2{font-size:17px;margin:24px 0 8px}
code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.muted{color:var(--muted)}
dl.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0}dt{color:var(--muted)}dd{margin:0}
.cards{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.card{border:1px solid var(--line);border-radius:6px;padding:8px 12px;min-width:120px;background:var(--card)}
.card b{display:block;font-size:20px}
table{border-collapse:collapse;width:100%}th,td{border:1px solid var(--line);padding:6px 8px;text-align:left;vertical-align:top}
th{background:var(--card)}td ul{margin:0;padding-left:1.1em}
.status{display:inline-block;border-radius:10px;padding:0 8px;font-size:11px;font-weight:600;text-transform:uppercase;color:#fff}
.status.covered{background:var(--covered)}.status.untested{background:var(--untested)}.status.unimplemented{background:var(--unimplemented)}
.warning{border:1px solid var(--untested);border-radius:6px;padding:8px 12px}
footer{margin-top:24px;color:var(--muted);font-size:12px}
@media print{body{max-width:none}.card{break-inside:avoid}tr{break-inside:avoid}}
`

function places(refs: { file: string; line: number }[]): string {
  return refs.length ? `<ul>${placeList(refs).map((p) => `<li><code>${esc(p)}</code></li>`).join('')}</ul>` : '<span class="muted">none</span>'
}

const badge = (status: CoverageStatus) => `<span class="status ${status}">${status}</span>`

export function renderMatrixHtml(input: MatrixInput): string {
  const { coverage } = input
  const s = coverage.summary
  const card = (label: string, value: string | number) => `<div class="card"><b>${esc(String(value))}</b>${esc(label)}</div>`
  const title = `Requirements traceability matrix: ${input.repository}`
  return [
    selfContainedHead({ title, style: STYLE }),
    '<body>',
    '<header>',
    `<h1>${esc(title)}</h1>`,
    '<dl class="meta">',
    `<dt>Repository</dt><dd>${esc(input.repository)}</dd>`,
    `<dt>Commit</dt><dd><code>${esc(commitLabel(input))}</code></dd>`,
    `<dt>Requirements file</dt><dd><code>${esc(coverage.requirements_file)}</code></dd>`,
    `<dt>Generated</dt><dd>${esc(input.generatedAt)}</dd>`,
    `<dt>Tool</dt><dd>guard ${esc(input.toolVersion)}</dd>`,
    `<dt>Source files read</dt><dd>${coverage.files_scanned}</dd>`,
    '</dl>',
    coverage.truncated ? `<p class="warning">Incomplete: ${esc(coverage.truncated)}. References in the files not read are missing.</p>` : '',
    '</header>',
    '<section aria-labelledby="summary-title">',
    '<h2 id="summary-title">Summary</h2>',
    '<div class="cards">',
    card('requirements', s.total),
    card('covered', s.covered),
    card('untested', s.untested),
    card('unimplemented', s.unimplemented),
    card('covered (code and tests)', `${s.covered_pct} %`),
    card('tested', `${s.tested_pct} %`),
    card('implemented', `${s.implemented_pct} %`),
    card('orphan tags', coverage.orphans.length),
    '</div>',
    coverage.note ? `<p class="muted">${esc(coverage.note)}</p>` : '',
    '</section>',
    '<section aria-labelledby="matrix-title">',
    `<h2 id="matrix-title">Matrix (${coverage.requirements.length})</h2>`,
    coverage.requirements.length
      ? [
          '<table><thead><tr><th scope="col">ID</th><th scope="col">Title</th><th scope="col">Code</th><th scope="col">Tests</th><th scope="col">Status</th></tr></thead><tbody>',
          ...coverage.requirements.map((r) =>
            `<tr id="${esc(r.id)}"><td><code>${esc(r.id)}</code>${r.requirement_status ? `<br><span class="muted">${esc(r.requirement_status)}</span>` : ''}</td><td>${esc(r.title)}</td><td>${places(r.code_refs)}</td><td>${places(r.test_refs)}</td><td>${badge(r.status)}</td></tr>`),
          '</tbody></table>',
        ].join('\n')
      : '<p>No requirements.</p>',
    '</section>',
    '<section aria-labelledby="orphans-title">',
    `<h2 id="orphans-title">Orphan tags (${coverage.orphans.length})</h2>`,
    coverage.orphans.length
      ? `<table><thead><tr><th scope="col">Tag</th><th scope="col">Place</th><th scope="col">In</th></tr></thead><tbody>${coverage.orphans
          .map((o) => `<tr><td><code>${esc(o.id)}</code></td><td><code>${esc(`${o.file}:${o.line}`)}</code></td><td>${o.test ? 'test' : 'code'}</td></tr>`)
          .join('')}</tbody></table>`
      : '<p>Every tag names a requirement.</p>',
    '</section>',
    `<footer>Generated by guard ${esc(input.toolVersion)} on ${esc(input.generatedAt)}. This file loads nothing from the network.</footer>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
