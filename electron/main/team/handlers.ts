import type { Handlers } from '../ipc/router'
import type { TeamService } from './team-service'

/** The team: create or join, who is in, invite and revoke (admin), leave, sync now. */
export function teamHandlers(team: TeamService) {
  return {
    getTeam: () => team.status(),
    createTeam: (input) => team.create(input),
    joinTeam: (input) => team.join(input),
    inviteToTeam: (input) => team.invite(input),
    revokeTeamDesk: (input) => team.revokeDesk(input),
    revokeTeamPerson: (input) => team.revokePerson(input),
    leaveTeam: () => team.leave(),
    syncTeam: () => team.syncNow()
  } satisfies Partial<Handlers>
}
