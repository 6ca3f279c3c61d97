import type { MainWrites } from './main-writes'

/** What a worker's connection of its own needs of the open store (passed in the worker's data). */
export interface ExtraConnectionTarget {
  storeFile: string
  schemaVersion: number
  nativeBinding: string | undefined
  /** Main's flag: the worker's transactions wait while main's connection writes (main-writes.ts). */
  mainWrites: MainWrites
}

/** The open store, for a worker's connection (openExtraConnection in the worker). */
export function extraConnectionTarget(database: {
  readonly path: string
  readonly version: number
  readonly nativeBinding: string | undefined
  readonly mainWrites: MainWrites
}): ExtraConnectionTarget {
  return {
    storeFile: database.path,
    schemaVersion: database.version,
    nativeBinding: database.nativeBinding,
    mainWrites: database.mainWrites
  }
}
