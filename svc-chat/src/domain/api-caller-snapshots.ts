import { AgedEntries } from './aged-entries';
import type { ApiAgentsRead } from './api-agents';
import { API_KEY_CACHE_MAX_AGE_MS } from './api-key-cache';
import type { WalletRow } from './ledger';

/** A completion's first read (`walletWithAgents`): the paying wallet, and the agents of the model it named. */
export interface CallerSnapshot {
  wallet: WalletRow;
  agentsRead: ApiAgentsRead;
}

/**
 * The wallet and the model's agents as this replica last read them for a personal key without a
 * monthly cap, so that key's next completions within `API_KEY_CACHE_MAX_AGE_MS` reserve without
 * reading first: one round trip of a completion's three. Nothing is refused on a snapshot (a
 * refusal is made on a fresh read: `StaleApiCallerError`), and the reservation's statement checks
 * that what the snapshot was used for still holds (`reserveOnSnapshot`). What it does not check
 * (the agent's name, knowledge budget and model connection) is at most that old.
 */
export class ApiCallerSnapshots {
  private readonly entries = new AgedEntries<CallerSnapshot>(API_KEY_CACHE_MAX_AGE_MS);

  find(keyId: string, model: string, now: number): CallerSnapshot | undefined {
    return this.entries.get(`${keyId} ${model}`, now);
  }

  keep(keyId: string, snapshot: CallerSnapshot, now: number): void {
    this.entries.set(`${keyId} ${snapshot.agentsRead.key}`, snapshot, now);
  }
}
