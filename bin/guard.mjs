#!/usr/bin/env node
// The `guard` command: TypeScript sources run through tsx, no build step.
import './preload.mjs'
import { register } from 'tsx/esm/api'

register()
const { main } = await import('./cli.ts')
process.exitCode = await main(process.argv.slice(2))
