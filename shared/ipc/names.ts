/**
 * The IPC channel and event names, and nothing else: no zod, no schema. The sandboxed preload
 * builds `window.talentDesk` from these lists, so its bundle carries a few hundred bytes of names
 * instead of every schema of the contract (contract.ts). The lists are the contract’s keys, in
 * its order: contract.ts fails to compile when they differ, and names.test.ts compares them.
 * To add a channel: declare it in contract.ts, then add its name here.
 */
export const channelNameList = [
  'getAppInfo',
  'openLogFolder',
  'getKeychainStatus',
  'listShortlists',
  'createShortlist',
  'renameShortlist',
  'deleteShortlist',
  'undoDeleteShortlist',
  'listMembers',
  'getMember',
  'addMembers',
  'updateMember',
  'removeMember',
  'restoreMember',
  'listRecentlyDeleted',
  'purgeMember',
  'purgeShortlist',
  'emptyRecentlyDeleted',
  'listStages',
  'addStage',
  'renameStage',
  'reorderStages',
  'removeStage',
  'searchSaved',
  'listExportColumns',
  'exportCsv',
  'cancelExport',
  'backupShortlists',
  'restoreShortlists',
  'previewRestore',
  'startBackupUpload',
  'appendBackupUpload',
  'discardBackupUpload',
  'getStoreStatus',
  'recoverStore',
  'listConnections',
  'saveConnection',
  'removeConnection',
  'setActiveConnection',
  'setSecret',
  'clearSecret',
  'testConnection',
  'resetSandbox',
  'getConnectionPace',
  'setConnectionPace',
  'searchProfiles',
  'cancelRequest',
  'listRecentSearches',
  'shortlistsForKeys',
  'getCredits',
  'refreshCredits',
  'contactsFor',
  'quoteContacts',
  'listBoughtContacts',
  'buyContacts',
  'getPurchasePartSize',
  'setPurchasePartSize',
  'planRefresh',
  'startRefresh',
  'listRefreshJobs',
  'getRefreshJob',
  'checkRefreshJob',
  'listConversations',
  'getConversation',
  'sendChat',
  'renameConversation',
  'deleteConversation',
  'restoreConversation',
  'getChatTurnRaw',
  'listTransactions',
  'listCallLog',
  'listLedger',
  'listTools',
  'callTool',
  'startImportUpload',
  'appendImportUpload',
  'discardImportUpload',
  'openImport',
  'listImports',
  'getImport',
  'mapImport',
  'startImportMatch',
  'pauseImport',
  'cancelImport',
  'deleteImport',
  'setImportThreshold',
  'listImportRows',
  'decideImportRows',
  'acceptMatchedImportRows',
  'editImportRow',
  'rematchImportRows',
  'shortlistImport',
  'importAcceptedPeople',
  'listWatches',
  'watchShortlist',
  'watchSavedSearch',
  'unwatch',
  'setWatchPaused',
  'runWatchNow',
  'setWatchSettings',
  'reportPower',
  'saveSearch',
  'listSavedSearches',
  'renameSavedSearch',
  'deleteSavedSearch',
  'restoreSavedSearch',
  'listActivity',
  'markActivityRead',
  'describePerson',
  'forgetPeople',
  'exportPersonData',
  'listExportLog',
  'exportExportLog',
  'personProvenance',
  'setLawfulBasis'
] as const

export const eventNameList = [
  'membersChanged',
  'exportProgress',
  'connectionsChanged',
  'contactsProgress',
  'creditsChanged',
  'refreshJobChanged',
  'importProgress',
  'watchesChanged',
  'activityChanged',
  'savedSearchesChanged',
  'peopleForgotten',
  'exportLogged'
] as const

export type ChannelNameOfList = (typeof channelNameList)[number]
export type EventNameOfList = (typeof eventNameList)[number]

const eventNameSet: ReadonlySet<string> = new Set(eventNameList)
const channelNameSet: ReadonlySet<string> = new Set(channelNameList)

export function isListedChannel(name: string): name is ChannelNameOfList {
  return channelNameSet.has(name)
}
export function isListedEvent(name: string): name is EventNameOfList {
  return eventNameSet.has(name)
}

/** Electron IPC channel names, namespaced so nothing else on ipcMain can collide. */
export const ipcChannel = (name: ChannelNameOfList) => `talent-desk:call:${name}`
export const ipcEvent = (name: EventNameOfList) => `talent-desk:event:${name}`
