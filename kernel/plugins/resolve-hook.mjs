// A module-resolution hook (node:module register): `guard/plugin` is the kernel's plugin API, wherever the importer is.
let api

export function initialize(data) {
  api = data.api
}

export async function resolve(specifier, context, next) {
  if (specifier === 'guard/plugin') return { url: api, shortCircuit: true }
  return next(specifier, context)
}
