// While the threads analyse, the main thread (idle but for their results) has the disk read the files they will
// open next, several at a time: on a cold disk the reading then overlaps the analysis. When a few timed reads
// show the page cache answering, there is nothing to gain and it does nothing.
import fs from 'node:fs'
import { HEAD_BYTES, type BatchFile } from './batch.ts'

/** Reads in flight at once (libuv's pool has 4 threads). */
const IN_FLIGHT = 8
/** Files read and timed first, from the end of the list (far from what the threads open now). */
const PROBE = 16
/** A mean read below this (ms) is the page cache answering: no disk to wait for. */
const CACHED_MS = 0.06

function readHeadSync(file: string, buffer: Buffer): void {
  try {
    const fd = fs.openSync(file, 'r')
    try {
      fs.readSync(fd, buffer, 0, HEAD_BYTES, 0)
    } finally {
      fs.closeSync(fd)
    }
  } catch {
    // The thread that opens it reports what is wrong with it.
  }
}

export function readAhead(files: string[], signal: AbortSignal): void {
  if (files.length <= PROBE * 2) return
  const probe = Buffer.allocUnsafe(HEAD_BYTES)
  const began = performance.now()
  for (const file of files.slice(-PROBE)) readHeadSync(file, probe)
  if ((performance.now() - began) / PROBE < CACHED_MS) return
  // The head of a file brings it into the cache: most files are smaller.
  const buffers = [probe, ...Array.from({ length: IN_FLIGHT - 1 }, () => Buffer.allocUnsafe(HEAD_BYTES))]
  const ahead = files.slice(0, -PROBE)
  let next = 0
  const start = (buffer: Buffer) => {
    if (signal.aborted || next >= ahead.length) return
    fs.open(ahead[next++], 'r', (err, fd) => {
      if (err) return start(buffer)
      fs.read(fd, buffer, 0, HEAD_BYTES, 0, () => fs.close(fd, () => start(buffer)))
    })
  }
  for (const buffer of buffers) start(buffer)
}

/**
 * The order the threads will open the batches' files in: each takes the next batch in turn, so the first files of
 * the first `threads` batches come first, then their second files, and so on.
 */
export function openingOrder(batches: BatchFile[][], threads: number): string[] {
  const order: string[] = []
  for (let group = 0; group < batches.length; group += threads) {
    const running = batches.slice(group, group + threads)
    const longest = Math.max(...running.map((b) => b.length))
    for (let i = 0; i < longest; i++) for (const batch of running) if (batch[i]?.abs) order.push(batch[i].abs!)
  }
  return order
}
