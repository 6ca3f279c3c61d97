/** The contract's areas, one loader each, in the order the page builds them (scripts/build/contract-steps.ts). */
declare module 'virtual:contract-steps' {
  export const contractSteps: ReadonlyArray<() => Promise<unknown>>
}
