// Large dependencies load several times faster through Node's own loader than through tsx's hooks, so they are
// imported before tsx is registered; the TypeScript that imports them later gets these same module instances.
await Promise.all(['@sinclair/typebox', '@sinclair/typebox/value', 'yaml', 'pino', 'tinypool'].map((m) => import(m)))
