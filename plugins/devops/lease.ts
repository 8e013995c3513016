// One reconcile per repository at a time, across every process sharing the store: a lease record taken and renewed
// with conditional writes, that expires when its holder dies (so a crashed run never blocks the next for long).
import type { Store } from '../../kernel/plugin.ts'

const KIND = 'devops-leases'
/** A holder that stops renewing loses the lease after this long. */
export const LEASE_TTL_MS = 60_000
const RENEW_EVERY_MS = 15_000

export interface LeaseData {
  run_id: string
  actor: string
  repo: string
  started_at: string
  /** Epoch ms; a lease past it is free. */
  expires_at: number
}

export interface Lease {
  /** False once a renewal found the lease taken over (the holder was silent past its expiry): stop writing. */
  held(): boolean
  release(): Promise<void>
}

/** The lease named `name`, or who holds it now. */
export async function acquireLease(store: Store, name: string, holder: Omit<LeaseData, 'expires_at' | 'started_at'>): Promise<Lease | { heldBy: LeaseData }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = await store.getRecord<LeaseData>(KIND, name)
    if (current && current.data.expires_at > Date.now()) return { heldBy: current.data }
    const data: LeaseData = { ...holder, started_at: new Date().toISOString(), expires_at: Date.now() + LEASE_TTL_MS }
    const version = await store.putRecord(KIND, name, data, current ? current.version : null)
    if (version !== null) return holdLease(store, name, data, version)
    // Another process wrote between our read and our write: read again.
  }
  const current = await store.getRecord<LeaseData>(KIND, name)
  return { heldBy: current?.data ?? { ...holder, started_at: new Date().toISOString(), expires_at: 0 } }
}

function holdLease(store: Store, name: string, data: LeaseData, first: number): Lease {
  let version: number | null = first
  // Renewals and the release run one after the other: each writes over the version the previous one left.
  let chain: Promise<void> = Promise.resolve()
  const write = (next: LeaseData) => {
    chain = chain.then(async () => {
      if (version === null) return
      version = await store.putRecord(KIND, name, next, version).catch(() => version)
    })
    return chain
  }
  const timer = setInterval(() => void write({ ...data, expires_at: Date.now() + LEASE_TTL_MS }), RENEW_EVERY_MS)
  timer.unref()
  return {
    held: () => version !== null,
    async release() {
      clearInterval(timer)
      await write({ ...data, expires_at: 0 })
    },
  }
}

/** Leases held now (GET /api/devops/status). */
export async function activeLeases(store: Store): Promise<LeaseData[]> {
  return (await store.listRecords<LeaseData>(KIND)).map((r) => r.data).filter((l) => l.expires_at > Date.now())
}
