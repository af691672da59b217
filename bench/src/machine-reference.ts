// What the machine itself costs, printed before the public API's figures: the same code gave 890
// µs of CPU per completion on one 2-core machine, where a `select 1` round trip took 0.028 ms at
// p50, and 1,973 µs on another, where it took 0.10 ms. A loopback round trip to PostgreSQL is the
// least each of a completion's statements waits; a fixed piece of JavaScript (a completion's JSON
// read and written) is the pace its own code runs at.
import pg from 'pg';
import { percentile } from './fixed-rate';

export interface MachineReference {
  /** `select 1` on one connection, one after another. */
  databaseRoundTrip?: { p50Ms: number; p99Ms: number };
  /** One JSON.parse + JSON.stringify of a chat completion's answer, single-threaded. */
  jsonMicros: number;
}

const ROUND_TRIPS = 2_000;
const JSON_ROUNDS = 200_000;
const COMPLETION = JSON.stringify({
  id: 'chatcmpl-reference',
  object: 'chat.completion',
  created: 1_764_000_000,
  model: 'meeting-prep',
  choices: [{ index: 0, message: { role: 'assistant', content: 'Here is your board meeting agenda, in four parts.' }, finish_reason: 'length' }],
  usage: { prompt_tokens: 12, completion_tokens: 16, total_tokens: 28 },
});

async function databaseRoundTrip(url: string): Promise<{ p50Ms: number; p99Ms: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const times: number[] = [];
    for (let trip = 0; trip < ROUND_TRIPS; trip += 1) {
      const start = process.hrtime.bigint();
      await client.query('select 1');
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    times.sort((a, b) => a - b);
    return { p50Ms: percentile(times, 50), p99Ms: percentile(times, 99) };
  } finally {
    await client.end();
  }
}

function jsonMicros(): number {
  let length = 0;
  const start = process.hrtime.bigint();
  for (let round = 0; round < JSON_ROUNDS; round += 1) length += JSON.stringify(JSON.parse(COMPLETION)).length;
  const micros = Number(process.hrtime.bigint() - start) / 1e3 / JSON_ROUNDS;
  // Read, so that the loop's result is used and the work cannot be left out.
  if (length === 0) throw new Error('unreachable');
  return micros;
}

export async function machineReference(databaseUrl: string | null): Promise<MachineReference> {
  return { ...(databaseUrl && { databaseRoundTrip: await databaseRoundTrip(databaseUrl) }), jsonMicros: jsonMicros() };
}

export function describeMachine(reference: MachineReference): string {
  const database = reference.databaseRoundTrip
    ? `a select 1 round trip to PostgreSQL p50 ${reference.databaseRoundTrip.p50Ms.toFixed(3)} / p99 ${reference.databaseRoundTrip.p99Ms.toFixed(3)} ms (${ROUND_TRIPS} in a row), `
    : '';
  return `  this machine: ${database}a completion's JSON read and written ${reference.jsonMicros.toFixed(2)} µs`;
}
