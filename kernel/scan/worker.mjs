// Worker entry. Node 20 cannot start a .ts worker: when tsx is not already active in this thread
// (it is under `node --import tsx`), register it and load the worker through it.
let worker
try {
  worker = await import('./worker.ts')
} catch (e) {
  if (e.code !== 'ERR_UNKNOWN_FILE_EXTENSION') throw e
  const { register } = await import('tsx/esm/api')
  register()
  // A failed import is cached; a new specifier loads the module afresh, now through tsx.
  worker = await import('./worker.ts?tsx')
}
export default worker.default
