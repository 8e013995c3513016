// The plugin API on one page: everything a plugin under plugins/ may use from the kernel, and nothing else.
// A plugin is a folder whose plugin.ts exports `manifest` and a default `register(ctx)`. Code that runs inside the
// worker threads (an engine) imports ./engine-api.ts instead, which this door also re-exports.
export type { BootOptions, GateReview, GateReviewInput, Kernel, PluginContext, PluginManifest, PluginModule } from './kernel.ts'
export type { Command } from './kernel.ts'
export type { ScanExecutor } from './kernel.ts'
export type { PluginStatus } from './kernel.ts'
export * from './engine-api.ts'

// Foundations: errors (CONTRACT §4), request and response schemas, files, markup, the installation.
export { BadRequestError, ConflictError, ForbiddenError, GuardError, keyPath, NotFoundError, ScanTimeoutError, TooManyRequestsError, UnauthorizedError, ValidationError, type FieldError } from './base/errors.ts'
export * from './base/schemas.ts'
export { isInside, readablePath, writeFileAtomic } from './base/files.ts'
export { withoutCredentials } from './base/url-credentials.ts'
export { globMatcher } from './base/globs.ts'
export { inputShapeProblem, parseYamlInput } from './base/input.ts'
export { csvCell, escapeMarkup, escapeXmlAttribute, markdownCell, selfContainedHead, stripInvalidXmlChars } from './base/markup.ts'
export { VERSION } from './base/install.ts'
export { parseRequirementId, REQUIREMENT_ID, REQUIREMENT_PREFIXES, REQUIREMENT_TAG, REQUIREMENT_TAG_HINT, requirementIdsIn, requirementKey, type RequirementMention } from './base/requirement-tags.ts'

// Access: roles and permissions (CONTRACT §5), tokens, the license.
export { allows, isRole, PERMISSIONS, rolesFor, type Identity, type Permission, type Role } from './access/permissions.ts'
export { jwtSecret, VERIFY_OPTIONS } from './access/tokens.ts'
export { LicenseInfo } from './access/license.ts'

// Configuration and governance.
export { configErrors, DEFAULT_PACKS, GuardConfig, isPlainObject, lenientConfig, RuleOverrides, SCAN_KEYS } from './config/config.ts'
export { effectiveScanConfig, readRepoConfig } from './config/config.ts'
export { maskSecrets, updateConfigFile, withoutMasks } from './config/config-write.ts'
export { GovernancePolicy, GovernanceUpdate, governancePolicy, lockedKeysSetBy, suppressionPolicyWarnings, withoutLockedKeys } from './config/governance.ts'

// The rule catalogue and packs.
export { allRules, listRules, packDirs } from './catalog/catalog.ts'
export { inlineRule, isInlineRule, loadPacks, OVERRIDES_FILE, PACK_ID, PackFile, standardsOf, type Pack } from './catalog/packs.ts'
export { loadRules, validateRule } from './catalog/rules.ts'

// Scans: options, targets, suppressions, engines in this thread, the reporter interface.
export type { ScanOptions } from './scan/pipeline.ts'
export { checkScanRequest, ruleMeta, type Analyzer, type ScanOutcome } from './scan/pipeline.ts'
export { repositoryFile, resolveScanTarget, scanRoots, type ScanTarget } from './scan/target.ts'
export { unscannableReason, walkTarget, type SkippedFile, type WalkedFile } from './scan/walk.ts'
export { configMatcher, isExpired } from './scan/suppress.ts'
export { loadEngines } from './scan/evaluate.ts'
export { evaluateFile } from './scan/evaluate.ts'
export { maskSecret } from './scan/analyze.ts'
export { fixtureExamples, type FixtureExample } from './scan/fixtures.ts'
export { blockingFindings } from './scan/gate.ts'
export type { ReportInput, Reporter } from './scan/reporter.ts'

// The store: its interface, the shared SQL helpers, pagination, the audit chain, metrics.
export type { AuditFilter, Page, ScanStat, Store, StoredRecord, StoredScan } from './store/store.ts'
export { AUDIT_COLUMNS, AUDIT_TABLES, auditInBatches, auditWhere, scanFromRow, scanStatFromRow, scanSummaryFromRow, type ScanRow, type ScanStatRow } from './store/sql-store.ts'
export { decodeCursor, keysetPage, offsetPage } from './store/pagination.ts'
export { outcomeOf, sealAuditEntry, verifyChain, type AuditHead, type AuditRecord } from './store/audit.ts'
export { computeMetrics, computeTrends, trendStart } from './store/metrics.ts'

// Work-item trackers: the provider interface, the marker items carry, the HTTP client trackers share.
export { TrackerError, type ConnectionCheck, type ProviderContext, type ProviderSettings, type TrackedItem, type WorkItemClient, type WorkItemContent, type WorkItemDraft, type WorkItemLocation, type WorkItemProvider } from './devops/provider.ts'
export { isMarkerKey, markerComment, parseMarker } from './devops/marker.ts'
export { retryAfterSeconds, TrackerHttp, usageLimitAnswer, type RateLimitAnswer, type TrackerHttpOptions, type TrackerRequest, type TrackerResponse } from './devops/http.ts'
export { trackerUrl, writeIntervalMs } from './devops/settings.ts'
