/// <reference lib="webworker" />
import { formatDateTime, formatNumber } from './format'

/*
 * Makes the app's number and date formats once, on a thread of its own, as the page starts
 * (warmFormats in format.ts). The costly part of a page's first Intl object is not the object:
 * it is the list of the locales the browser has (~20–60 ms of CPU), which Chromium builds once
 * per renderer process, for every thread of it. Built here, the page's own first formats take
 * ~0.3 ms instead of ~30 ms on its main thread (issue #36 item 12: it was the page's longest task
 * before the first row, in the first-result bench's CPU profile).
 */
declare const self: DedicatedWorkerGlobalScope

formatNumber(1234)
formatDateTime(0)
self.postMessage('warm')
