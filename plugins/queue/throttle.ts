// Progress goes out at most every so often: each update is a Redis write and an event every server reads.
/** Calls `send` at most once per `ms` (the latest state wins: a call within the interval is sent at its end); `flush` sends now. */
export function throttled(send: () => void, ms = 200): (() => void) & { flush(): void } {
  let last = 0
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    last = Date.now()
    send()
  }
  const call = () => {
    const wait = last + ms - Date.now()
    if (wait <= 0) flush()
    else timer ??= setTimeout(flush, wait).unref()
  }
  return Object.assign(call, { flush })
}
