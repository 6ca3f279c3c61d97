// "Send to the ATS" (issue #39 item 2) is this feature's part in ats/push/. The saved connections
// (item 1) join this index at merge: one contribution for the ats feature, its handlers and ports.
export { contribution, type AtsSendOptions, type AtsOpener, type AtsTarget } from './push'
