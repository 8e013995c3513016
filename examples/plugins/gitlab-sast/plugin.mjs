// A guard plugin: the GitLab SAST report format, for GitLab's merge request widget and vulnerability report.
//   guard report --format gitlab-sast --output gl-sast-report.json      POST /report?format=gitlab-sast
import { renderGitLabSast } from './report.mjs'

/** @param {import('guard/plugin').PluginContext} ctx */
export default function register(ctx) {
  ctx.registerReporter({ format: 'gitlab-sast', contentType: 'application/json', extension: 'json', render: renderGitLabSast })
}
