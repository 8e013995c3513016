import { Kernel } from '../kernel/kernel.ts'
const t0 = performance.now()
const k = await Kernel.boot({ cwd: '/tmp/bcorp', threads: 2, warm: true })
const t1 = performance.now()
const o = await k.scan({ repo_path: '.' }, { roots: ['/tmp/bcorp'] })
console.log({ boot: performance.now() - t0, scan: performance.now() - t1 })
await k.close()
