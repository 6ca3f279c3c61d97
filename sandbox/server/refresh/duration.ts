/** .NET TimeSpan-style "hh:mm:ss.fff", the form the service's duration field uses. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms))
  const pad = (n: number, w = 2): string => String(n).padStart(w, '0')
  const hours = Math.floor(total / 3_600_000)
  const minutes = Math.floor((total % 3_600_000) / 60_000)
  const seconds = Math.floor((total % 60_000) / 1000)
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(total % 1000, 3)}`
}
