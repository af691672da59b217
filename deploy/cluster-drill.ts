// The cluster drill's load and faults (run by deploy/cluster-drill.sh against docker-compose.cluster.yml):
//   npx tsx deploy/cluster-drill.ts create-streams  the event streams, replicated on the three NATS servers
//   npx tsx deploy/cluster-drill.ts run             steady mixed load through the load balancer while
//                                                   faults are injected one after another; prints, per
//                                                   fault, requests failed, acknowledged writes lost,
//                                                   charges doubled, events delivered and the time to
//                                                   recover; exits 1 on a lost write, a doubled charge,
//                                                   an overcharge, a pool ledger error or a member's
//                                                   cap passed
// The load: sign-ups, chat sends (each charges the sender's wallet), team sends (members of one
// team send in its workspace on the web and through the OpenAI-compatible API, /v1/chat/completions,
// with the team API key each made in the workspace, each send charging the team's one credit pool
// within the member's cap), credit-pack purchases paid on the local Stripe provider's hosted page
// (its webhooks reach billing through the load balancer, billing's event credits the chat wallet
// over NATS) and admin wallet adjustments. Each phase has users (and team members) of its own, so
// every balance is checked against the requests acknowledged in that phase; the team is made as its
// owner would: created, seats bought on the hosted checkout, members invited by email and joining
// from the emailed link. One member per phase has a monthly cap set by the owner and sends through
// /v1 only: its refusals at the cap (402) are expected, not failures. The pool is checked per
// phase: what it lost equals what the phase's members' web replies and /v1 requests on record
// charged, each reply and each acknowledged completion is on the pool's statement once, the capped
// member spent no more than the cap, and the statement's running balance (the ledger summed) equals
// the pool's balance and is never negative.
// Traffic goes only to this machine: the load balancer (127.0.0.1:8080), the hosted checkout
// (localhost:13105), the sink's listing (127.0.0.1:18025) and nats-1 (127.0.0.1:14222). Bounded:
// every phase lasts DRILL_HOLD_SECONDS (20) plus its recovery, and the drill stops by itself.
// DRILL_FAULTS (all by default) keeps only the faults whose names contain one of its comma-separated
// words, after the baseline: `DRILL_FAULTS=partition` repeats one fault in a third of the time.
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { creditsPurchasedV1 } from '@agentdock/contracts';
import { eventStreams, NANOS_PER_MS, USAGE_SUBJECT_BEFORE_ITS_STREAM } from '@agentdock/service-data/event-streams';
import { type ConsumerInfo, jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createClient, eventually, fail, HttpError, PASSWORD, type Session } from './lib/client';

const baseUrl = process.env.DRILL_URL ?? 'http://127.0.0.1:8080';
const natsUrl = process.env.DRILL_NATS_URL ?? 'nats://127.0.0.1:14222';
const project = process.env.COMPOSE_PROJECT_NAME ?? 'agentdock-drill';
const adminEmail = process.env.DRILL_ADMIN_EMAIL ?? 'admin@agentdock.test';
const HOLD_MS = Number(process.env.DRILL_HOLD_SECONDS ?? 20) * 1000;
const SETTLE_MS = 5_000;
const ADJUSTMENT = 7;
/** Pro seats for the team: every phase's two members and the owner hold one; the pool is the plan's credits × seats. */
const TEAM_PLAN = 'professional';
const TEAM_SEATS = 50;
/** The monthly cap the owner sets on each phase's capped member: a few replies' worth, reached within the phase. */
const MEMBER_CAP = 40_000;
/**
 * The pause between one key's /v1 requests: a key may send 120 a minute on a Pro team (counted per
 * replica, and one replica of chat is stopped in a phase), so the drill keeps each key under it.
 */
const API_PAUSE_MS = 600;
/** The services' two streams with their defaults, as they would make them (made here on all three servers). */
const { main: MAIN_STREAM, usage: USAGE_STREAM } = eventStreams();
const STREAMS = [MAIN_STREAM, USAGE_STREAM];

const client = createClient({ baseUrl, sinkUrl: process.env.DRILL_SINK_URL ?? 'http://127.0.0.1:18025', timeoutMs: 20_000 });
const started = Date.now();
const log = (text: string) => console.log(`[drill +${((Date.now() - started) / 1000).toFixed(1)}s] ${text}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const container = (service: string) => `${project}_${service}_1`;
function docker(...args: string[]): string {
  return execFileSync('docker', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

async function withNats<T>(work: (manager: JetStreamManager, connection: NatsConnection) => Promise<T>): Promise<T> {
  const connection = await connect({ servers: natsUrl, timeout: 5_000 });
  try {
    return await work(await jetstreamManager(connection, { timeout: 5_000 }), connection);
  } finally {
    await connection.close();
  }
}

/** chat's and identity's durable consumers of credit pack events (each service names its own). */
async function packConsumers(manager: JetStreamManager): Promise<ConsumerInfo[]> {
  const found: ConsumerInfo[] = [];
  for await (const consumer of manager.consumers.list(MAIN_STREAM.name)) {
    if (consumer.config.filter_subject === creditsPurchasedV1.subject) found.push(consumer);
  }
  return found;
}

/**
 * Which server leads each stream and the consumers of credit pack events, as a fault begins: a
 * fault that takes a leader's server away makes the cluster elect again, where an acknowledged
 * write is most at risk.
 */
async function leaders(): Promise<string> {
  return withNats(async (manager) => {
    const parts: string[] = [];
    for (const stream of STREAMS) parts.push(`${stream.name} ${(await manager.streams.info(stream.name)).cluster?.leader ?? 'no leader'}`);
    for (const consumer of await packConsumers(manager)) parts.push(`${consumer.name} ${consumer.cluster?.leader ?? 'no leader'}`);
    return parts.join(', ');
  }).catch((error: unknown) => `not read (${error instanceof Error ? error.message : String(error)})`);
}

/** The streams the services would make, but on all three servers; they use existing streams as they are. */
async function createStreams(): Promise<void> {
  await eventually(
    'JetStream on the three-node cluster',
    async () =>
      withNats(async (manager) => {
        for (const stream of STREAMS) {
          try {
            const info = await manager.streams.info(stream.name);
            if (info.config.num_replicas !== 3) fail(`${stream.name} exists with ${info.config.num_replicas} replicas`);
          } catch (error) {
            if (error instanceof Error && /replicas/.test(error.message)) throw error;
            await manager.streams.add({ ...stream, num_replicas: 3 });
          }
        }
        return true;
      }),
    120,
  );
  log(`streams ${STREAMS.map((stream) => stream.name).join(' and ')} replicated on 3 servers`);
}

/**
 * Where each credit pack event of a buyer got to, for a pack paid and not credited: billing's outbox
 * row, its copies in the stream, and whether chat took it (its `processed_events`). The stack and
 * its volumes are removed when the drill ends, so this is read before.
 */
async function packTrail(userId: string): Promise<string[]> {
  const psql = (database: string, query: string) =>
    docker(
      'exec',
      '-e',
      `PGPASSWORD=${process.env.POSTGRES_PASSWORD ?? ''}`,
      container('postgres'),
      'psql',
      '-h',
      '127.0.0.1',
      '-U',
      'postgres',
      '-d',
      database,
      '-At',
      '-F',
      '|',
      '-c',
      query,
    )
      .split('\n')
      .filter((line) => line !== '');
  const rows = psql(
    'billing',
    `select id, published_at is not null, parked_at is not null, attempts, coalesce(last_error, '') from outbox where subject = '${creditsPurchasedV1.subject}' and payload->'data'->>'userId' = '${userId}' order by sequence`,
  ).map((line) => {
    const [id, published, parked, attempts, lastError] = line.split('|');
    return { id: id!, state: published === 't' ? 'published' : parked === 't' ? 'parked' : 'waiting', attempts: Number(attempts), lastError };
  });
  if (rows.length === 0) return [`billing's outbox holds no ${creditsPurchasedV1.type} event for the buyer`];
  const taken = new Set(psql('chat', `select event_id from processed_events where event_id in (${rows.map((row) => `'${row.id}'`).join(', ')})`));
  // Each copy's stream sequence, and how far chat's consumers of these events have delivered and
  // been acknowledged: a copy at or below the acknowledged floor that chat never took was skipped.
  const { copies, consumers } = await withNats(async (manager, connection) => {
    const copies = new Map<string, number[]>();
    const stored = await jetstream(connection).consumers.get(MAIN_STREAM.name, { filter_subjects: [creditsPurchasedV1.subject] });
    const pending = (await stored.info()).num_pending;
    if (pending > 0) {
      for await (const message of await stored.fetch({ max_messages: pending, expires: 5_000 })) {
        const id = message.json<{ id: string }>().id;
        copies.set(id, [...(copies.get(id) ?? []), message.seq]);
        if (message.info.pending === 0) break;
      }
    }
    const consumers = (await packConsumers(manager)).map(
      (consumer) =>
        `consumer ${consumer.name}: delivered up to ${consumer.delivered.stream_seq}, acknowledged up to ${consumer.ack_floor.stream_seq}, ` +
        `${consumer.num_ack_pending} awaiting acknowledgement, ${consumer.num_redelivered} redelivered, ${consumer.num_pending} not yet delivered`,
    );
    return { copies, consumers };
  });
  const usual = (row: (typeof rows)[number]) => row.state === 'published' && copies.get(row.id)?.length === 1 && taken.has(row.id);
  return [
    `billing's outbox holds ${rows.length} ${creditsPurchasedV1.type} events for the buyer; ${rows.filter(usual).length} published, once in ${MAIN_STREAM.name} and taken by chat`,
    ...rows
      .filter((row) => !usual(row))
      .map(
        (row) =>
          `pack event ${row.id}: billing's outbox ${row.state} (${row.attempts} failed attempts counted${row.lastError ? `, last error "${row.lastError}"` : ''}), ` +
          `${copies.get(row.id)?.length ?? 0} in ${MAIN_STREAM.name}${copies.has(row.id) ? ` (sequence ${copies.get(row.id)!.join(', ')})` : ''}, ${taken.has(row.id) ? 'taken' : 'not taken'} by chat`,
      ),
    ...consumers,
  ];
}

/** Every replica of each stream current (caught up) and a leader elected. */
async function streamCurrent(): Promise<boolean> {
  return withNats(async (manager) => {
    for (const stream of STREAMS) {
      const info = await manager.streams.info(stream.name);
      const replicas = info.cluster?.replicas ?? [];
      if (!info.cluster?.leader || replicas.length !== 2 || !replicas.every((replica) => replica.current && !replica.offline)) return false;
    }
    return true;
  });
}

function healthy(service: string): boolean {
  try {
    const state = docker('inspect', '-f', '{{.State.Status}} {{if .State.Health}}{{.State.Health.Status}}{{end}}', container(service));
    return state === 'running healthy' || state === 'running';
  } catch {
    return false;
  }
}

interface Fault {
  name: string;
  inject(): void;
  restore(): void;
  ready(): Promise<boolean>;
}

const network = `${project}_default`;
const SERVICES = ['svc-identity', 'svc-catalog', 'svc-billing', 'svc-chat'];
const ALL_FAULTS: Fault[] = [
  {
    name: 'stop NATS server nats-2',
    inject: () => void docker('stop', container('nats-2')),
    restore: () => void docker('start', container('nats-2')),
    ready: streamCurrent,
  },
  {
    name: 'stop one replica of each service',
    inject: () => void docker('stop', ...SERVICES.map((service) => container(`${service}-1`))),
    restore: () => void docker('start', ...SERVICES.map((service) => container(`${service}-1`))),
    ready: async () => SERVICES.every((service) => healthy(`${service}-1`)),
  },
  {
    name: 'stop gateway-1',
    inject: () => void docker('stop', container('gateway-1')),
    restore: () => void docker('start', container('gateway-1')),
    ready: async () => healthy('gateway-1'),
  },
  {
    name: 'partition NATS server nats-3 (network disconnect)',
    inject: () => void docker('network', 'disconnect', network, container('nats-3')),
    restore: () => void docker('network', 'connect', '--alias', 'nats-3', network, container('nats-3')),
    ready: streamCurrent,
  },
  {
    name: 'restart PostgreSQL',
    inject: () => void docker('restart', '-t', '10', container('postgres')),
    restore: () => undefined,
    ready: async () => healthy('postgres') && SERVICES.every((service) => healthy(`${service}-1`) && healthy(`${service}-2`)),
  },
];
const faultWords = (process.env.DRILL_FAULTS ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter((word) => word !== '');
const FAULTS = faultWords.length === 0 ? ALL_FAULTS : ALL_FAULTS.filter((fault) => faultWords.some((word) => fault.name.toLowerCase().includes(word)));
if (FAULTS.length === 0) fail(`DRILL_FAULTS=${process.env.DRILL_FAULTS} names none of the faults: ${ALL_FAULTS.map((fault) => fault.name).join('; ')}`);

// --- The load ---------------------------------------------------------------------------------

type Kind = 'signup' | 'chat' | 'team-chat' | 'team-api' | 'purchase' | 'admin';
const KINDS: readonly Kind[] = ['signup', 'chat', 'team-chat', 'team-api', 'purchase', 'admin'];
interface Op {
  kind: Kind;
  phase: number;
  startedAt: number;
  endedAt: number;
  ok: boolean;
  /** Refused as the drill set it up to be (a member's cap reached): not a failure. */
  refused?: boolean;
  error?: string;
  /** signup: the email; chat and team-chat: the reply id; team-api: the completion's id; purchase/admin: nothing. */
  key?: string;
  /** chat, team-chat and team-api: the sender's user id. */
  owner?: string;
}

/** A refusal the drill provoked on purpose; `record` counts it apart from the failures. */
class ExpectedRefusal extends Error {}

/** A member of the team and the API key they made in its workspace (it spends from the pool, within their cap). */
interface TeamMember {
  session: Session;
  key: { id: string; secret: string };
}

interface PhaseUsers {
  chatters: { session: Session; startTotal: number }[];
  /** Members of the team who joined for this phase; they send only in the team's workspace, on the web and through /v1. */
  teamMembers: TeamMember[];
  /** A member whose monthly cap is MEMBER_CAP; sends through /v1 only, refused once the cap is reached. */
  capped: TeamMember;
  buyer: { session: Session; startTotal: number };
  adjusted: { session: Session; startTotal: number };
}

const ops: Op[] = [];
let phase = 0;
let running = true;
let admin: Session;
let agentId: string;
/** The same agent as `/v1` names it. */
let model: string;
let pack: { id: string; credits: number };
const phases: PhaseUsers[] = [];
let team: { id: string; owner: Session };

async function record(kind: Kind, work: (op: Op) => Promise<string | undefined>): Promise<void> {
  const op: Op = { kind, phase, startedAt: Date.now(), endedAt: 0, ok: false };
  try {
    op.key = await work(op);
    op.ok = true;
  } catch (error) {
    op.refused = error instanceof ExpectedRefusal;
    op.error = error instanceof Error ? error.message.slice(0, 200) : String(error);
  }
  op.endedAt = Date.now();
  ops.push(op);
}

const total = async (session: Session) => {
  const wallet = await client.wallet(session.accessToken);
  return wallet.creditsRemaining + wallet.purchasedCredits;
};

async function newUser(label: string, grant: number): Promise<{ session: Session; startTotal: number }> {
  const email = `drill-${label}-${randomUUID()}@example.com`;
  const session = await client.signUpAndConfirm(email, `Drill ${label}`);
  await eventually(`${email}'s wallet`, async () => client.wallet(session.accessToken));
  if (grant > 0) await client.api('POST', `/api/chat/admin/wallets/${session.user.id}/adjustments`, { token: admin.accessToken, body: { credits: grant, reason: 'drill grant' } });
  return { session, startTotal: await total(session) };
}

// --- The team ---------------------------------------------------------------------------------

interface Pool {
  seats: number;
  creditsRemaining: number;
  purchasedCredits: number;
  members: { userId: string; monthlyCap: number | null; spentThisPeriod: number }[];
}
const poolOf = (session: Session) => client.api<Pool>('GET', `/api/chat/organisations/${team.id}/pool`, { token: session.accessToken });
const poolBalance = async () => {
  const pool = await poolOf(team.owner);
  return pool.creditsRemaining + pool.purchasedCredits;
};

/** The owner creates the team and buys TEAM_SEATS seats on the hosted checkout; resolves once chat's pool holds them. */
async function setUpTeam(): Promise<void> {
  const { session: owner } = await newUser('team-owner', 0);
  const suffix = randomUUID().slice(0, 8);
  const organisation = await client.api<{ id: string }>('POST', '/api/identity/organisations', {
    token: owner.accessToken,
    body: { name: `Drill Team ${suffix}`, slug: `drill-${suffix}` },
    expect: 201,
  });
  team = { id: organisation.id, owner };
  // Billing learns of the team from identity's event over NATS: until then the checkout answers 404.
  const { url } = await eventually(
    "the team's seat checkout",
    async () =>
      client.api<{ url: string }>('POST', `/api/billing/organisations/${team.id}/checkout`, {
        token: owner.accessToken,
        body: { kind: 'plan', planId: TEAM_PLAN, billingPeriod: 'monthly', seats: TEAM_SEATS },
      }),
    60,
  );
  await client.payOnHostedCheckout(url);
  const pool = await eventually(
    `the team's pool of ${TEAM_SEATS} seats`,
    async () => {
      const current = await poolOf(owner);
      return current.seats === TEAM_SEATS && current.creditsRemaining > 0 ? current : undefined;
    },
    90,
  );
  log(`team ${team.id}: ${TEAM_SEATS} ${TEAM_PLAN} seats bought on the hosted checkout, a pool of ${pool.creditsRemaining + pool.purchasedCredits} credits`);
}

/**
 * A new account invited by the owner, joining from the emailed link, then making an API key in the
 * team's workspace; resolves once it may spend from the pool on the web and through /v1. The member
 * makes the key, not the owner: a team key's spending counts against its maker's cap.
 */
async function newTeamMember(label: string): Promise<TeamMember> {
  const { session } = await newUser(label, 0);
  const email = session.user.email;
  await eventually(
    `the invitation of ${email}`,
    async () => client.api('POST', `/api/identity/organisations/${team.id}/invitations`, { token: team.owner.accessToken, body: { email, role: 'member' }, expect: 201 }),
    60,
  );
  const invitation = await eventually(`the invitation email to ${email}`, async () =>
    (await client.mailTo(email)).find((message) => /^You are invited to join .+ on Agentdock$/.test(message.subject)),
  );
  const link = invitation.links.map((candidate) => new URL(candidate)).find((url) => url.pathname === '/team/join');
  const token = link?.searchParams.get('token') ?? fail(`no /team/join link with a token in "${invitation.subject}": ${invitation.links.join(', ')}`);
  await client.api('POST', `/api/identity/invitations/${encodeURIComponent(token)}/accept`, { token: session.accessToken, body: {} });
  // Chat learns of the member from identity's event: until then the pool answers 404 to them.
  await eventually(`${email} in the team's pool`, async () => poolOf(session), 60);
  const { key, secret } = await client.api<{ key: { id: string }; secret: string }>('POST', `/api/identity/organisations/${team.id}/api-keys`, {
    token: session.accessToken,
    body: { name: `Drill ${label}`, currentPassword: PASSWORD },
    expect: 201,
  });
  // Chat learns of the key from identity's event: until then /v1 answers 401 to it.
  await eventually(`${email}'s team API key in chat`, async () => client.api('GET', '/v1/models', { token: secret }), 60);
  return { session, key: { id: key.id, secret } };
}

async function setUpPhase(): Promise<PhaseUsers> {
  const capped = await newTeamMember('team-capped');
  await client.api('PUT', `/api/chat/organisations/${team.id}/members/${capped.session.user.id}/cap`, { token: team.owner.accessToken, body: { monthlyCap: MEMBER_CAP } });
  return {
    chatters: [await newUser('chat-a', 100_000_000), await newUser('chat-b', 100_000_000)],
    teamMembers: [await newTeamMember('team-a'), await newTeamMember('team-b')],
    capped,
    buyer: await newUser('buyer', 0),
    adjusted: await newUser('adjusted', 0),
  };
}

const loop = async (pauseMs: number, body: () => Promise<void>) => {
  while (running) {
    await body();
    await sleep(pauseMs);
  }
};

const workers = () => [
  loop(700, () =>
    record('signup', async () => {
      const email = `drill-signup-${randomUUID()}@example.com`;
      await client.signUp(email, 'Drill Sign-up');
      return email;
    }),
  ),
  ...[0, 1].map((index) =>
    loop(200, () =>
      record('chat', async (op) => {
        const chatter = phases[op.phase]!.chatters[index]!;
        op.owner = chatter.session.user.id;
        const done = await client.chat(chatter.session.accessToken, agentId, `Drill message ${randomUUID()}: summarise our plan in one line.`);
        return done.reply.id;
      }),
    ),
  ),
  ...[0, 1].map((index) =>
    loop(200, () =>
      record('team-chat', async (op) => {
        const member = phases[op.phase]!.teamMembers[index]!.session;
        op.owner = member.user.id;
        const done = await client.chat(member.accessToken, agentId, `Drill team message ${randomUUID()}: list our next three steps.`, team.id);
        return done.reply.id;
      }),
    ),
  ),
  ...[0, 1].map((index) =>
    loop(API_PAUSE_MS, () =>
      record('team-api', async (op) => {
        const member = phases[op.phase]!.teamMembers[index]!;
        op.owner = member.session.user.id;
        return (await client.completion(member.key.secret, model, `Drill API message ${randomUUID()}: draft a two-line status update.`)).id;
      }),
    ),
  ),
  loop(API_PAUSE_MS, () =>
    record('team-api', async (op) => {
      const { capped } = phases[op.phase]!;
      op.owner = capped.session.user.id;
      try {
        return (await client.completion(capped.key.secret, model, `Drill capped message ${randomUUID()}: name one risk for this week.`)).id;
      } catch (error) {
        if (error instanceof HttpError && error.status === 402 && error.message.includes('member_credit_cap_reached')) throw new ExpectedRefusal(error.message);
        throw error;
      }
    }),
  ),
  loop(300, () =>
    record('purchase', async (op) => {
      const { url } = await client.api<{ url: string }>('POST', '/api/billing/checkout', {
        token: phases[op.phase]!.buyer.session.accessToken,
        body: { kind: 'credits', packId: pack.id },
      });
      await client.payOnHostedCheckout(url);
      return undefined;
    }),
  ),
  loop(500, () =>
    record('admin', async (op) => {
      await client.api('POST', `/api/chat/admin/wallets/${phases[op.phase]!.adjusted.session.user.id}/adjustments`, {
        token: admin.accessToken,
        body: { credits: ADJUSTMENT, reason: 'drill' },
      });
      return undefined;
    }),
  ),
];

// --- Checks -------------------------------------------------------------------------------------

interface PhaseResult {
  name: string;
  requests: number;
  failed: number;
  lost: number;
  doubled: number;
  /** Credits taken from a wallet beyond the replies on record (a failed send's hold never given back). */
  overcharged: number;
  eventsExpected: number;
  eventsDelivered: number;
  /** Credits the team's pool lost in the phase, and what its members' web replies and /v1 requests on record charged. */
  poolSpent: number;
  poolCharged: number;
  /** Of `poolCharged`, what the /v1 requests charged (chat's record of each request, apart from the ledger). */
  apiCharged: number;
  /** Team /v1 completions acknowledged, and how many of them are on the pool's statement exactly once. */
  apiAcked: number;
  apiOnStatement: number;
  /** The capped member: what the pool counts them as spending, and the /v1 requests refused at the cap. */
  cappedSpent: number;
  cappedRefused: number;
  /** Credits the capped member spent past their cap. */
  capPassed: number;
  /** The pool's statement disagreeing with its balance, or going below zero. */
  poolLedgerErrors: number;
  recoverySeconds: number;
  restoredSeconds: number;
  notes: string[];
}

interface StatementLine {
  id: string;
  at: string;
  kind: string;
  credits: number;
  balance: number;
  inProgress: boolean;
}
interface Statement {
  lines: StatementLine[];
  totalLines: number;
  balance: number;
}
const statement = (session: Session, page: number, pageSize: number) =>
  client.api<Statement>('GET', `/api/chat/organisations/${team.id}/statement?page=${page}&pageSize=${pageSize}`, { token: session.accessToken });
/** Every line of the pool's statement the session may see (the owner: all; a member: their own spending), newest first. */
async function allLines(session: Session): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await statement(session, page, 500);
    lines.push(...answer.lines);
    if (answer.lines.length === 0 || lines.length >= answer.totalLines) return lines;
  }
}

/** The pool between phases (the load stopped): its balance and what its ledger sums to. */
interface PoolSnapshot {
  at: number;
  balance: number;
  ledger: number;
}
async function poolSnapshot(): Promise<PoolSnapshot> {
  const at = Date.now();
  const [balance, newest] = [await poolBalance(), await statement(team.owner, 1, 1)];
  return { at, balance, ledger: newest.lines[0]?.balance ?? 0 };
}

interface Timeline {
  injectedAt: number;
  restoredAt: number;
  readyAt: number;
  poolBefore: PoolSnapshot;
  poolAfter: PoolSnapshot;
}

/** A completion's statement line: `chatcmpl-` and the reply id's hex make the line `m<reply id>`. */
function completionLine(completionId: string): string {
  const hex = /^chatcmpl-([0-9a-f]{32})$/.exec(completionId)?.[1] ?? fail(`a completion id not made from a reply id: ${completionId}`);
  return `m${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

async function check(index: number, name: string, timeline: Timeline, poolLines: StatementLine[]): Promise<PhaseResult> {
  const { injectedAt, restoredAt, readyAt, poolBefore, poolAfter } = timeline;
  const mine = ops.filter((op) => op.phase === index);
  const failed = mine.filter((op) => !op.ok && !op.refused);
  const notes: string[] = [];
  let lost = 0;
  let doubled = 0;
  let overcharged = 0;
  let poolLedgerErrors = 0;

  // Sign-ups: every acknowledged one is an account the admin finds.
  for (const op of mine.filter((entry) => entry.kind === 'signup' && entry.ok)) {
    const { users } = await client.api<{ users: { email: string }[] }>('GET', `/api/identity/admin/users?q=${encodeURIComponent(op.key!)}`, { token: admin.accessToken });
    if (!users.some((user) => user.email === op.key)) {
      lost += 1;
      notes.push(`sign-up ${op.key} acknowledged but absent`);
    }
  }

  // Chat: every acknowledged reply is on record, and each wallet paid exactly the replies on record.
  const users = phases[index]!;
  for (const chatter of users.chatters) {
    const { messages } = await client.api<{ messages: { id: string; creditsUsed: number; refunded: boolean }[] }>(
      'GET',
      `/api/chat/admin/users/${chatter.session.user.id}/messages?limit=100`,
      { token: admin.accessToken },
    );
    const recorded = new Set(messages.map((message) => message.id));
    if (recorded.size < messages.length) {
      doubled += messages.length - recorded.size;
      notes.push(`${chatter.session.user.email}: a reply is on record twice`);
    }
    if (messages.length === 100) notes.push(`${chatter.session.user.email} has 100 or more replies: only the newest 100 are checked`);
    for (const op of mine.filter((entry) => entry.kind === 'chat' && entry.ok && entry.owner === chatter.session.user.id)) {
      if (recorded.has(op.key!) || messages.length === 100) continue;
      lost += 1;
      notes.push(`chat reply ${op.key} acknowledged but absent`);
    }
    const charged = messages.filter((message) => !message.refunded).reduce((sum, message) => sum + message.creditsUsed, 0);
    const spent = chatter.startTotal - (await total(chatter.session));
    if (spent > charged) {
      overcharged += spent - charged;
      notes.push(`${chatter.session.user.email} paid ${spent} credits for replies worth ${charged} (${messages.length} replies on record)`);
    } else if (spent < charged) notes.push(`${chatter.session.user.email} paid ${spent} credits for replies worth ${charged} (under-charged)`);
  }

  // Team: every acknowledged team reply is on record and every acknowledged /v1 completion on the
  // pool's statement, each once, and the pool lost exactly what the phase's members' web replies
  // and /v1 requests on record charged; the capped member spent no more than the cap.
  const pool = await poolOf(team.owner);
  const timesOnStatement = new Map<string, number>();
  for (const line of poolLines) timesOnStatement.set(line.id, (timesOnStatement.get(line.id) ?? 0) + 1);
  let poolCharged = 0;
  let apiCharged = 0;
  let apiAcked = 0;
  let apiOnStatement = 0;
  let cappedSpent = 0;
  let capPassed = 0;
  for (const { session: member, key } of [...users.teamMembers, users.capped]) {
    const email = member.user.email;
    // The replies the member sent from the team's workspace (the pool paid), not their own wallet's.
    const { messages } = await client.api<{ messages: { id: string; creditsUsed: number; refunded: boolean }[] }>(
      'GET',
      `/api/chat/admin/users/${member.user.id}/messages?limit=100&organisationId=${team.id}`,
      { token: admin.accessToken },
    );
    const recorded = new Set(messages.map((message) => message.id));
    if (recorded.size < messages.length) {
      doubled += messages.length - recorded.size;
      notes.push(`team member ${email}: a reply is on record twice`);
    }
    if (messages.length === 100) notes.push(`team member ${email} has 100 or more replies: only the newest 100 are checked`);
    for (const op of mine.filter((entry) => entry.kind === 'team-chat' && entry.ok && entry.owner === member.user.id)) {
      if (recorded.has(op.key!) || messages.length === 100) continue;
      lost += 1;
      notes.push(`team reply ${op.key} acknowledged but absent`);
    }
    const paidReplies = messages.filter((message) => !message.refunded && message.creditsUsed > 0);
    const webCharged = paidReplies.reduce((sum, message) => sum + message.creditsUsed, 0);
    // A member's statement is their own spending from the pool: one reply line per paid reply, one
    // api line per charged /v1 request.
    const lines = await allLines(member);
    // A line still in progress is a hold, not a charge: it shows in the pool's loss below.
    const replyLines = lines.filter((line) => line.kind === 'reply' && !line.inProgress);
    const linesCharged = -replyLines.reduce((sum, line) => sum + line.credits, 0);
    if (replyLines.length > paidReplies.length) {
      doubled += replyLines.length - paidReplies.length;
      notes.push(`team member ${email}: ${replyLines.length} reply lines on the pool's statement for ${paidReplies.length} paid replies`);
    }
    if (linesCharged !== webCharged) notes.push(`team member ${email}: the pool's statement charged ${linesCharged} credits for replies worth ${webCharged}`);
    const held = lines.filter((line) => line.kind === 'reply' && line.inProgress);
    if (held.length > 0) notes.push(`team member ${email}: ${held.length} replies still hold ${-held.reduce((sum, line) => sum + line.credits, 0)} credits after the load stopped`);

    // /v1: chat's record of the key's requests (what each charged) against the pool's statement.
    const { keys } = await client.api<{ keys: { keyId: string; requestsThisMonth: number; creditsThisMonth: number }[] }>('GET', '/api/chat/api-keys/usage', {
      token: member.accessToken,
    });
    const keyCharged = keys.find((row) => row.keyId === key.id)?.creditsThisMonth ?? 0;
    const apiLines = lines.filter((line) => line.kind === 'api');
    const apiLinesCharged = -apiLines.reduce((sum, line) => sum + line.credits, 0);
    if (apiLinesCharged !== keyCharged) notes.push(`team member ${email}: the pool's statement charged ${apiLinesCharged} credits for /v1 requests worth ${keyCharged}`);
    const sent = mine.filter((entry) => entry.kind === 'team-api' && entry.owner === member.user.id);
    if (apiLines.length > sent.length) {
      doubled += apiLines.length - sent.length;
      notes.push(`team member ${email}: ${apiLines.length} /v1 lines on the pool's statement for ${sent.length} requests sent`);
    }
    const ownLines = new Set(apiLines.map((line) => line.id));
    for (const op of sent.filter((entry) => entry.ok)) {
      apiAcked += 1;
      const line = completionLine(op.key!);
      const times = timesOnStatement.get(line) ?? 0;
      if (times === 1) apiOnStatement += 1;
      else if (times === 0) {
        lost += 1;
        notes.push(`team /v1 completion ${op.key} acknowledged but not on the pool's statement`);
      } else {
        doubled += times - 1;
        notes.push(`team /v1 completion ${op.key} is ${times} times on the pool's statement`);
      }
      if (times > 0 && !ownLines.has(line)) notes.push(`team /v1 completion ${op.key} is on the pool's statement but not as ${email}'s spending`);
    }

    const charged = webCharged + keyCharged;
    poolCharged += charged;
    apiCharged += keyCharged;
    const row = pool.members.find((entry) => entry.userId === member.user.id);
    const spent = row?.spentThisPeriod ?? 0;
    if (spent !== charged) notes.push(`team member ${email}: the pool says ${spent} credits spent, web replies and /v1 requests on record are worth ${charged}`);
    if (member === users.capped.session) {
      cappedSpent = spent;
      if (row?.monthlyCap !== MEMBER_CAP) notes.push(`team member ${email}: the pool shows a cap of ${row?.monthlyCap ?? 'none'}, the owner set ${MEMBER_CAP}`);
      const over = Math.max(spent, charged) - MEMBER_CAP;
      if (over > 0) {
        capPassed += over;
        notes.push(`team member ${email} spent ${Math.max(spent, charged)} credits under a cap of ${MEMBER_CAP}`);
      }
    }
  }
  const poolSpent = poolBefore.balance - poolAfter.balance;
  if (poolSpent > poolCharged) {
    overcharged += poolSpent - poolCharged;
    notes.push(`the team's pool lost ${poolSpent} credits for replies worth ${poolCharged}`);
  } else if (poolSpent < poolCharged) notes.push(`the team's pool lost ${poolSpent} credits for replies worth ${poolCharged} (under-charged)`);
  for (const snapshot of [poolBefore, poolAfter]) {
    if (snapshot.ledger === snapshot.balance) continue;
    poolLedgerErrors += 1;
    notes.push(`the pool's balance was ${snapshot.balance}, its statement summed to ${snapshot.ledger} (+${((snapshot.at - started) / 1000).toFixed(1)}s)`);
  }
  const phaseLines = poolLines.filter((line) => Date.parse(line.at) > poolBefore.at && Date.parse(line.at) <= poolAfter.at);
  const negative = phaseLines.filter((line) => line.balance < 0);
  if (negative.length > 0) {
    poolLedgerErrors += negative.length;
    notes.push(`the pool's balance went below zero ${negative.length} times (lowest ${Math.min(...negative.map((line) => line.balance))})`);
  }
  if (poolAfter.balance < 0) {
    poolLedgerErrors += 1;
    notes.push(`the pool's balance is ${poolAfter.balance}`);
  }

  // Purchases: each paid pack credited once (billing's webhook, then its event to chat over NATS).
  const paid = mine.filter((op) => op.kind === 'purchase' && op.ok).length;
  const attempted = mine.filter((op) => op.kind === 'purchase').length;
  const credited = await eventually(
    `phase ${index}'s credit packs in the wallet`,
    async () => {
      const gained = (await total(users.buyer.session)) - users.buyer.startTotal;
      return gained >= paid * pack.credits ? gained : undefined;
    },
    90,
  ).catch(async () => (await total(users.buyer.session)) - users.buyer.startTotal);
  const packsCredited = Math.round(credited / pack.credits);
  if (credited % pack.credits !== 0) notes.push(`the buyer gained ${credited} credits, not a whole number of packs`);
  if (packsCredited < paid) {
    lost += paid - packsCredited;
    notes.push(`${paid} packs paid, ${packsCredited} credited`);
    notes.push(...(await packTrail(users.buyer.session.user.id)).map((line) => `  ${line}`));
  }
  if (packsCredited > attempted) {
    doubled += packsCredited - attempted;
    notes.push(`${packsCredited} packs credited for ${attempted} checkouts`);
  }

  // Admin adjustments: every acknowledged one applied, none twice (a failed one may or may not have).
  const adjusted = mine.filter((op) => op.kind === 'admin');
  const adjustedOk = adjusted.filter((op) => op.ok).length;
  const applied = ((await total(users.adjusted.session)) - users.adjusted.startTotal) / ADJUSTMENT;
  if (applied < adjustedOk) {
    lost += adjustedOk - applied;
    notes.push(`${adjustedOk} adjustments acknowledged, ${applied} applied`);
  }
  if (applied > adjusted.length) {
    doubled += applied - adjusted.length;
    notes.push(`${applied} adjustments applied for ${adjusted.length} requests`);
  }

  const lastFailure = Math.max(0, ...failed.map((op) => op.endedAt));
  const kinds = KINDS.map((kind) => `${kind} ${mine.filter((op) => op.kind === kind && !op.ok && !op.refused).length}/${mine.filter((op) => op.kind === kind).length}`);
  if (failed.length > 0) {
    notes.push(`failed by kind: ${kinds.join(', ')}`);
    for (const op of failed.slice(0, 6)) notes.push(`${op.kind} at +${((op.endedAt - started) / 1000).toFixed(1)}s: ${op.error}`);
  }
  return {
    name,
    requests: mine.length,
    failed: failed.length,
    lost,
    doubled,
    overcharged,
    eventsExpected: paid,
    eventsDelivered: packsCredited,
    poolSpent,
    poolCharged,
    apiCharged,
    apiAcked,
    apiOnStatement,
    cappedSpent,
    cappedRefused: mine.filter((op) => op.refused).length,
    capPassed,
    poolLedgerErrors,
    recoverySeconds: injectedAt && failed.length > 0 ? Math.max(0, (lastFailure - injectedAt) / 1000) : 0,
    restoredSeconds: restoredAt ? (readyAt - restoredAt) / 1000 : 0,
    notes,
  };
}

async function run(): Promise<void> {
  log(`load balancer ${baseUrl}; faults one after another, ${HOLD_MS / 1000}s each under load`);
  admin = await client.adminSession(adminEmail, log);
  pack =
    (await client.api<{ packs: { id: string; credits: number }[] }>('GET', '/api/billing/credit-packs')).packs.sort((a, b) => a.credits - b.credits)[0] ?? fail('no credit pack');
  await setUpTeam();
  for (let index = 0; index <= FAULTS.length; index += 1) phases.push(await setUpPhase());
  log(
    `${phases.length} phases' users made (2 chatting, 2 team members sending from the team's pool on the web and through /v1, 1 team member capped at ${MEMBER_CAP} credits sending through /v1, 1 buying ${pack.id} packs, 1 adjusted by the admin each)`,
  );
  const { agents } = await client.agents(phases[0]!.chatters[0]!.session.accessToken);
  const agent = agents.find((candidate) => !candidate.producesImages && candidate.tier === 'free') ?? fail('no text agent for a free account');
  agentId = agent.id;
  model = agent.key;

  // Each phase runs its own load and waits for every request of it to end before the next fault,
  // so a request is counted (and its users checked) in the phase whose fault it met.
  const timeline: Timeline[] = [];
  const startLoad = () => {
    running = true;
    return Promise.all(workers());
  };
  const stopLoad = async (load: Promise<unknown>) => {
    running = false;
    await load;
  };
  log('phase 0: no fault (baseline)');
  let poolBefore = await poolSnapshot();
  let load = startLoad();
  await sleep(HOLD_MS);
  await stopLoad(load);
  let poolAfter = await poolSnapshot();
  timeline.push({ injectedAt: 0, restoredAt: 0, readyAt: 0, poolBefore, poolAfter });
  for (const [offset, fault] of FAULTS.entries()) {
    phase = offset + 1;
    log(`phase ${phase}: ${fault.name}`);
    poolBefore = poolAfter;
    load = startLoad();
    await sleep(2_000);
    log(`phase ${phase}: leaders before the fault: ${await leaders()}`);
    const injectedAt = Date.now();
    fault.inject();
    await sleep(HOLD_MS);
    const restoredAt = Date.now();
    fault.restore();
    await eventually(`recovery from "${fault.name}"`, async () => ((await fault.ready()) ? true : undefined), 180);
    const readyAt = Date.now();
    log(`phase ${phase}: undone, back to full strength ${((readyAt - restoredAt) / 1000).toFixed(1)}s later`);
    await sleep(SETTLE_MS);
    await stopLoad(load);
    poolAfter = await poolSnapshot();
    timeline.push({ injectedAt, restoredAt, readyAt, poolBefore, poolAfter });
  }
  log(`load stopped: ${ops.length} requests; checking every acknowledged write`);

  const poolLines = await allLines(team.owner);
  const results: PhaseResult[] = [];
  for (let index = 0; index <= FAULTS.length; index += 1) {
    results.push(await check(index, index === 0 ? 'no fault (baseline)' : FAULTS[index - 1]!.name, timeline[index]!, poolLines));
  }
  const lineIds = new Set(poolLines.map((line) => line.id));
  if (lineIds.size < poolLines.length) {
    results[0]!.poolLedgerErrors += poolLines.length - lineIds.size;
    results[0]!.notes.push(`${poolLines.length - lineIds.size} lines are twice on the pool's statement`);
  }

  console.log('\ncluster drill: per fault (load through the load balancer; a phase lasts the fault plus its recovery)');
  console.log(
    [
      'fault'.padEnd(50),
      'requests',
      'failed',
      'lost writes',
      'doubled charges',
      'overcharged credits',
      'events delivered',
      'team pool spent/charged',
      'of which /v1',
      'team /v1 on statement once/acked',
      'capped member spent/cap, refused',
      'pool ledger',
      'recovered after',
      'back to full after restore',
    ].join(' | '),
  );
  for (const result of results) {
    console.log(
      [
        result.name.padEnd(50),
        String(result.requests).padStart(8),
        String(result.failed).padStart(6),
        String(result.lost).padStart(11),
        String(result.doubled).padStart(15),
        String(result.overcharged).padStart(19),
        `${result.eventsDelivered}/${result.eventsExpected}`.padStart(16),
        `${result.poolSpent}/${result.poolCharged}`.padStart(23),
        String(result.apiCharged).padStart(12),
        `${result.apiOnStatement}/${result.apiAcked}`.padStart(32),
        `${result.cappedSpent}/${MEMBER_CAP}, ${result.cappedRefused}`.padStart(32),
        (result.poolLedgerErrors === 0 ? 'ok' : `${result.poolLedgerErrors} wrong`).padStart(11),
        `${result.recoverySeconds.toFixed(1)}s`.padStart(15),
        `${result.restoredSeconds.toFixed(1)}s`.padStart(26),
      ].join(' | '),
    );
    for (const note of result.notes) console.log(`    ${note}`);
  }
  const lost = results.reduce((sum, result) => sum + result.lost, 0);
  const doubled = results.reduce((sum, result) => sum + result.doubled, 0);
  const overcharged = results.reduce((sum, result) => sum + result.overcharged, 0);
  const failed = results.reduce((sum, result) => sum + result.failed, 0);
  const poolErrors = results.reduce((sum, result) => sum + result.poolLedgerErrors, 0);
  const capPassed = results.reduce((sum, result) => sum + result.capPassed, 0);
  const sum = (figure: (result: PhaseResult) => number) => results.reduce((total, result) => total + figure(result), 0);
  console.log(
    `\ncluster drill: ${ops.length} requests, ${failed} failed, ${lost} acknowledged writes lost, ${doubled} charges doubled, ${overcharged} credits overcharged, ${poolErrors} team pool ledger errors, ${capPassed} credits past a member's cap`,
  );
  console.log(
    `team /v1: ${sum((result) => result.apiAcked)} completions acknowledged, ${sum((result) => result.apiOnStatement)} on the pool's statement once, ${sum((result) => result.apiCharged)} credits charged to the pool, ${sum((result) => result.cappedRefused)} refused at a member's cap (expected)`,
  );
  const settled = ops.filter((op) => op.ok && (op.kind === 'chat' || op.kind === 'team-chat' || op.kind === 'team-api')).length;
  const usage = await usageRecords(settled);
  console.log(
    `usage records: ${usage.inUsageStream} in ${USAGE_STREAM.name} (${usage.replicas} replicas, kept ${usage.maxAgeHours} h) for ${settled} acknowledged replies and completions, ${usage.inMainStream} left in ${MAIN_STREAM.name}`,
  );
  if (lost > 0 || doubled > 0 || overcharged > 0 || poolErrors > 0 || capPassed > 0 || usage.inMainStream > 0 || usage.inUsageStream < settled) process.exit(1);
}

/**
 * Where the usage records went: each settled reply and completion publishes one, into the stream
 * kept for a time, never the one kept whole. Waits for the relays to publish what the last
 * requests wrote.
 */
async function usageRecords(settled: number): Promise<{ inUsageStream: number; inMainStream: number; replicas: number; maxAgeHours: number }> {
  const before = USAGE_SUBJECT_BEFORE_ITS_STREAM;
  let counted = { inUsageStream: 0, inMainStream: 0, replicas: 0, maxAgeHours: 0 };
  for (let attempt = 0; attempt < 20; attempt += 1) {
    counted = await withNats(async (manager) => {
      const usageInfo = await manager.streams.info(USAGE_STREAM.name);
      const mainInfo = await manager.streams.info(MAIN_STREAM.name, { subjects_filter: before });
      return {
        inUsageStream: usageInfo.state.messages,
        inMainStream: mainInfo.state.subjects?.[before] ?? 0,
        replicas: usageInfo.config.num_replicas,
        maxAgeHours: usageInfo.config.max_age / NANOS_PER_MS / 3_600_000,
      };
    });
    if (counted.inUsageStream >= settled) break;
    await sleep(500);
  }
  return counted;
}

const mode = process.argv[2];
const main = mode === 'create-streams' ? createStreams : mode === 'run' ? run : undefined;
if (!main) {
  console.error('usage: npx tsx deploy/cluster-drill.ts create-streams|run');
  process.exit(2);
}
main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`[drill] FAILED: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  },
);
