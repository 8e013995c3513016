// The tinypool task: one batch per call.
import { runBatch, type BatchTask } from './batch.ts'

export default function (task: BatchTask) {
  return runBatch(task)
}
