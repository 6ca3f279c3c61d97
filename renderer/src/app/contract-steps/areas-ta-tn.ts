// The contract's areas whose names begin with ta–tn (team, team-spend), built in one step (../contract-steps.ts).
import.meta.glob('../../../../shared/ipc/channels/t[a-n]*.ts', { eager: true })
