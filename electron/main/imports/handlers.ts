import type { Handlers } from '../ipc/router'
import type { ImportService } from './import-service'

/** Bulk match from a spreadsheet: upload, read, map, match, review, shortlist. */
export function importsHandlers(imports: ImportService) {
  return {
    startImportUpload: (input) => imports.startUpload(input),
    appendImportUpload: (input) => imports.append(input),
    discardImportUpload: (input) => imports.discardUpload(input),
    openImport: (input) => imports.open(input),
    listImports: () => imports.list(),
    getImport: (input) => imports.get(input),
    mapImport: (input) => imports.map(input),
    startImportMatch: (input) => imports.start(input),
    pauseImport: (input) => imports.pause(input),
    cancelImport: (input) => imports.cancel(input),
    deleteImport: (input) => imports.delete(input),
    setImportThreshold: (input) => imports.setThreshold(input),
    listImportRows: (input) => imports.rows(input),
    decideImportRows: (input) => imports.decide(input),
    acceptMatchedImportRows: (input) => imports.acceptMatched(input),
    editImportRow: (input) => imports.edit(input),
    rematchImportRows: (input) => imports.rematch(input),
    shortlistImport: (input) => imports.shortlist(input),
    importAcceptedPeople: (input) => imports.acceptedPeople(input)
  } satisfies Partial<Handlers>
}
