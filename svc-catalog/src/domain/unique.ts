import { sqlState, UNIQUE_VIOLATION } from '@agentdock/service-kit';

/** Runs a write, turning a unique-constraint violation into the domain's conflict error (a 409, not a 500). */
export async function onUniqueViolation<T>(write: () => Promise<T>, conflict: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (sqlState(error) === UNIQUE_VIOLATION) throw conflict();
    throw error;
  }
}
