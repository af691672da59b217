import type { Db } from '@agentdock/service-data';
import type { IdentitySchema } from '../../db/schema';
import type { Mailer } from '../mailer';
import type { IdentityWriter } from '../writer';

/** What the team operations need from the service. */
export interface TeamDeps {
  db: Db<IdentitySchema>;
  writer: IdentityWriter;
  mailer: Mailer;
  /** The site's origin, for the invitation links. */
  publicUrl: string;
  /** Members a team may have without a subscription (TEAM_FREE_SEATS; 1: the owner alone). */
  freeSeats: number;
}
