import type { Handlers } from '../ipc/router'
import type { ProvenanceService } from './provenance-service'

/** A person's provenance and basis: read them, set the basis. */
export function provenanceHandlers(provenance: ProvenanceService) {
  return {
    personProvenance: (input) => provenance.provenanceOf(input),
    setLawfulBasis: (input) => provenance.setBasis(input)
  } satisfies Partial<Handlers>
}
