// HTML reporter: one self-contained page (inline CSS/JS, no requests) with a chart, filters and every finding.
import { escapeMarkup as esc, selfContainedHead, SEVERITIES, type Finding, type Reporter, type ReportInput, type Severity } from '../../kernel/plugin.ts'
import { compareTriage, locationLabel, severityCounts, sortedFindings, standardsLabel, suppressionLabel, type SeverityCounts } from './findings.ts'

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;
--critical:#a40e26;--high:#d1242f;--medium:#bc4c00;--low:#0969da;--info:#59636e}
@media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;
--critical:#ff6a69;--high:#f85149;--medium:#db6d28;--low:#4493f8;--info:#9198a1}}
*{box-sizing:border-box}[hidden]{display:none!important}
body{margin:0 auto;max-width:1100px;padding:24px;background:var(--bg);color:var(--fg);
font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}
.meta,.muted{color:var(--muted)}code,pre{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.cards{display:flex;flex-wrap:wrap;gap:8px;margin:12px 0}
.card{border:1px solid var(--line);border-radius:6px;padding:8px 12px;min-width:110px;background:var(--card)}
.card b{display:block;font-size:20px}
.severity-chart{max-width:640px;width:100%;height:auto}.severity-chart text{fill:var(--fg);font:13px system-ui,sans-serif}
.bar.critical{fill:var(--critical)}.bar.high{fill:var(--high)}.bar.medium{fill:var(--medium)}.bar.low{fill:var(--low)}.bar.info{fill:var(--info)}
.bar.suppressed{fill-opacity:.35}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:end;padding:12px;border:1px solid var(--line);border-radius:6px;margin:16px 0}
.filters label{display:flex;flex-direction:column;gap:2px;font-size:12px;color:var(--muted)}
.filters label.check{flex-direction:row;align-items:center;gap:6px}
.filters input[type=search],.filters select{font:inherit;padding:4px 6px;border:1px solid var(--line);border-radius:4px;background:var(--bg);color:var(--fg)}
.finding{border:1px solid var(--line);border-left-width:4px;border-radius:6px;padding:10px 14px;margin:10px 0}
.finding.critical{border-left-color:var(--critical)}.finding.high{border-left-color:var(--high)}
.finding.medium{border-left-color:var(--medium)}.finding.low{border-left-color:var(--low)}.finding.info{border-left-color:var(--info)}
.finding.is-suppressed{opacity:.7}
.finding header{display:flex;flex-wrap:wrap;gap:8px;align-items:baseline}
.badge{display:inline-block;border-radius:10px;padding:0 8px;font-size:11px;font-weight:600;text-transform:uppercase;color:#fff}
.badge.critical{background:var(--critical)}.badge.high{background:var(--high)}.badge.medium{background:var(--medium)}
.badge.low{background:var(--low)}.badge.info{background:var(--info)}.badge.suppressed{background:none;color:var(--muted);border:1px solid var(--line)}
.message{margin:6px 0}
ol.trace{margin:6px 0 6px 1.2em;padding:0;font-size:.9em}ol.trace li{margin:2px 0}
pre.snippet{margin:6px 0;padding:8px;background:var(--card);border:1px solid var(--line);border-radius:4px;overflow:auto;white-space:pre}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:6px 0 0}dt{color:var(--muted)}dd{margin:0}
footer{margin-top:24px;color:var(--muted);font-size:12px}
`

// Reads the rows' data attributes; without JavaScript every finding simply stays visible.
const SCRIPT = `
(function () {
  var form = document.getElementById('filters');
  var rows = Array.prototype.slice.call(document.querySelectorAll('article.finding'));
  if (!form || rows.length === 0) return;
  var severity = document.getElementById('filter-severity');
  var rule = document.getElementById('filter-rule');
  var text = document.getElementById('filter-text');
  var suppressed = document.getElementById('filter-suppressed');
  var count = document.getElementById('filter-count');
  var none = document.getElementById('no-match');
  function apply() {
    var query = text.value.trim().toLowerCase();
    var shown = 0;
    rows.forEach(function (row) {
      var visible = (!severity.value || row.dataset.severity === severity.value) &&
        (!rule.value || row.dataset.rule === rule.value) &&
        (suppressed.checked || row.dataset.suppressed !== 'true') &&
        (!query || row.dataset.search.indexOf(query) !== -1);
      row.hidden = !visible;
      if (visible) shown++;
    });
    count.textContent = shown + ' of ' + rows.length + ' findings shown';
    none.hidden = shown !== 0;
  }
  [severity, rule, suppressed].forEach(function (el) { el.addEventListener('change', apply); });
  text.addEventListener('input', apply);
  form.addEventListener('submit', function (event) { event.preventDefault(); });
  form.hidden = false;
  apply();
})();
`

/** Horizontal bars, drawn here so the chart shows without JavaScript; suppressed findings as a paler tail. */
function severityChart(open: SeverityCounts, suppressed: SeverityCounts): string {
  const rowHeight = 28
  const labelWidth = 90
  const barWidth = 420
  const width = labelWidth + barWidth + 150
  const height = rowHeight * SEVERITIES.length + 8
  const max = Math.max(1, ...SEVERITIES.map((s) => open[s] + suppressed[s]))
  const rows = SEVERITIES.map((s, i) => {
    const y = 4 + i * rowHeight
    const openWidth = Math.round((open[s] / max) * barWidth)
    const suppressedWidth = Math.round((suppressed[s] / max) * barWidth)
    const label = `${open[s]}${suppressed[s] ? ` (+${suppressed[s]} suppressed)` : ''}`
    return [
      `<g class="row" data-severity="${s}">`,
      `<text x="0" y="${y + 18}">${s}</text>`,
      `<rect class="bar ${s}" x="${labelWidth}" y="${y + 4}" width="${openWidth}" height="${rowHeight - 8}" rx="3"><title>${s}: ${open[s]} open</title></rect>`,
      suppressed[s]
        ? `<rect class="bar ${s} suppressed" x="${labelWidth + openWidth}" y="${y + 4}" width="${suppressedWidth}" height="${rowHeight - 8}" rx="3"><title>${s}: ${suppressed[s]} suppressed</title></rect>`
        : '',
      `<text x="${labelWidth + openWidth + suppressedWidth + 6}" y="${y + 18}">${label}</text>`,
      '</g>',
    ].join('')
  })
  const summary = SEVERITIES.map((s) => `${s} ${open[s]}`).join(', ')
  return `<svg class="severity-chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="Open findings by severity: ${summary}">${rows.join('')}</svg>`
}

function detailRow(term: string, value: string): string {
  return value ? `<dt>${esc(term)}</dt><dd>${esc(value)}</dd>` : ''
}

function findingCard(f: Finding, input: ReportInput): string {
  const rule = input.rules.get(f.rule_id)
  const search = `${f.file} ${f.rule_id} ${f.message}`.toLowerCase()
  const classes = ['finding', f.severity, f.suppressed ? 'is-suppressed' : ''].filter(Boolean).join(' ')
  return [
    `<article class="${classes}" id="finding-${esc(f.id)}" data-severity="${f.severity}" data-rule="${esc(f.rule_id)}"`,
    ` data-file="${esc(f.file)}" data-suppressed="${f.suppressed}" data-search="${esc(search)}">`,
    '<header>',
    `<span class="badge ${f.severity}">${f.severity}</span>`,
    `<code class="rule">${esc(f.rule_id)}</code>`,
    rule?.name ? `<span class="rule-name">${esc(rule.name)}</span>` : '',
    `<span class="location"><code>${esc(locationLabel(f))}</code></span>`,
    f.suppressed ? `<span class="badge suppressed" title="${esc(suppressionLabel(f))}">suppressed</span>` : '',
    '</header>',
    `<p class="message">${esc(f.message)}</p>`,
    f.snippet ? `<pre class="snippet"><code>${esc(f.snippet)}</code></pre>` : '',
    f.trace?.length ? `<ol class="trace" aria-label="Data flow from source to sink">${f.trace.map((s) => `<li><code>${esc(`${s.file}:${s.line}:${s.column}`)}</code> ${esc(s.note)}</li>`).join('')}</ol>` : '',
    '<dl>',
    detailRow('CWE', f.cwe.join(', ')),
    detailRow('OWASP', f.owasp.join(', ')),
    detailRow('Standards', standardsLabel(f)),
    detailRow('Confidence', f.confidence),
    detailRow('Remediation', f.remediation || rule?.remediation || ''),
    detailRow('Suppression', suppressionLabel(f)),
    detailRow('Finding id', f.id),
    '</dl>',
    '</article>',
  ].join('')
}

const SKIPPED_SHOWN = 500

function skippedFiles(skipped: ReportInput['scan']['files_skipped']): string {
  if (skipped.length === 0) return ''
  const items = skipped.slice(0, SKIPPED_SHOWN).map((s) => `<li><code>${esc(s.path)}</code>: ${esc(s.reason)}</li>`)
  if (skipped.length > SKIPPED_SHOWN) items.push(`<li class="muted">and ${skipped.length - SKIPPED_SHOWN} more</li>`)
  return `<section aria-labelledby="skipped-title"><h2 id="skipped-title">Skipped files (${skipped.length})</h2><ul>${items.join('')}</ul></section>`
}

function option(value: string, label: string): string {
  return `<option value="${esc(value)}">${esc(label)}</option>`
}

export function renderHtml(input: ReportInput): string {
  const { scan } = input
  const { open, suppressed } = severityCounts(scan.findings)
  const findings = sortedFindings(scan.findings, compareTriage)
  const ruleIds = [...new Set(findings.map((f) => f.rule_id))].sort()
  const openTotal = SEVERITIES.reduce((n, s) => n + open[s], 0)
  const suppressedTotal = scan.findings.length - openTotal
  const card = (label: string, value: string | number, cls = '') => `<div class="card ${cls}"><b>${esc(String(value))}</b>${esc(label)}</div>`
  const title = `guard report: ${input.target}`

  return [
    selfContainedHead({ title, style: STYLE, script: SCRIPT }),
    '<body>',
    '<header>',
    `<h1>${esc(title)}</h1>`,
    `<p class="meta">Scan <code>${esc(scan.scan_id)}</code> started ${esc(input.startedAt)}, took ${scan.duration_ms} ms · guard ${esc(input.toolVersion)}</p>`,
    '</header>',
    '<section class="summary" aria-labelledby="summary-title">',
    '<h2 id="summary-title">Summary</h2>',
    '<div class="cards">',
    card('open findings', openTotal),
    ...SEVERITIES.map((s: Severity) => card(s, open[s], s)),
    card('suppressed', suppressedTotal),
    card('files scanned', scan.files_scanned),
    card('files skipped', scan.files_skipped.length),
    card('rules evaluated', scan.rules_evaluated),
    '</div>',
    severityChart(open, suppressed),
    '</section>',
    '<section aria-labelledby="findings-title">',
    `<h2 id="findings-title">Findings (${scan.findings.length})</h2>`,
    findings.length
      ? [
          '<form class="filters" id="filters" hidden>',
          `<label>Severity<select id="filter-severity">${option('', 'All severities')}${SEVERITIES.map((s) => option(s, s)).join('')}</select></label>`,
          `<label>Rule<select id="filter-rule">${option('', 'All rules')}${ruleIds.map((id) => option(id, id)).join('')}</select></label>`,
          '<label>File or text<input type="search" id="filter-text" placeholder="path, rule or message" autocomplete="off"></label>',
          '<label class="check"><input type="checkbox" id="filter-suppressed" checked>Show suppressed</label>',
          '<output id="filter-count" class="muted"></output>',
          '</form>',
        ].join('')
      : '<p class="clean">No findings: the scan found nothing to report.</p>',
    '<div id="findings">',
    ...findings.map((f) => findingCard(f, input)),
    '</div>',
    '<p id="no-match" class="muted" hidden>No finding matches these filters.</p>',
    '</section>',
    skippedFiles(scan.files_skipped),
    `<footer>Generated by guard ${esc(input.toolVersion)}. This file loads nothing from the network.</footer>`,
    `<script>${SCRIPT}</script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

export const htmlReporter: Reporter = {
  format: 'html',
  contentType: 'text/html; charset=utf-8',
  extension: 'html',
  render: renderHtml,
}
