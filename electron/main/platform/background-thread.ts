import { constants, setPriority } from 'node:os'

/**
 * Puts the calling worker thread below main's priority (nice 10), so that when the machine's
 * cores are all busy its work (hashing a list, writing a pull's pages, compacting, copying a log)
 * waits, not main's thread: main answers the window, the CPU work goes on whenever a core is free.
 *
 * Linux only: there a nice value belongs to one thread (setpriority(2) on the calling thread).
 * On macOS and Windows it is the whole process's, and main's own would drop with it.
 * Returns whether it did; a refusal (a sandbox that forbids it) leaves the thread as it was.
 */
export function yieldCpuToMain(platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false
  try {
    setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL)
    return true
  } catch {
    return false
  }
}
