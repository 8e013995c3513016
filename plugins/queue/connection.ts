// Redis connections for queue mode: one kind waits out a Redis restart, the other gives up after a few reconnects.
import { Redis } from 'ioredis'

interface Log {
  warn(obj: object, msg: string): void
}

/** Logs a connection's errors once per outage (ioredis retries by itself; an unheard 'error' event would end the process). */
function watch(redis: Redis, log: Log, what: string): Redis {
  let down = false
  redis.on('error', (err: Error) => {
    if (!down) log.warn({ err: err.message }, `queue: ${what} lost its Redis connection; reconnecting`)
    down = true
  })
  redis.on('ready', () => (down = false))
  return redis
}

/** For BullMQ workers and event readers: a command waits for the connection to come back, however long (BullMQ requires this). */
export function waitingConnection(url: string, log: Log, what: string): Redis {
  return watch(new Redis(url, { maxRetriesPerRequest: null }), log, what)
}

/** For commands a client waits on (an enqueue, /health): a restart costs a few retries, an outage is an error. */
export function commandConnection(url: string, log: Log, what: string): Redis {
  return watch(new Redis(url, { maxRetriesPerRequest: 20 }), log, what)
}
