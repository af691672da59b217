/**
 * The replicas of one service behind the gateway. Requests go round robin to the replicas that are
 * ready: each replica's /readyz is probed in the background (a replica that is draining for a
 * restart says 503 there before it stops listening), and one that refused a connection is left
 * out for a while without waiting for the next probe. With a single replica there is nothing to
 * choose, so nothing is probed.
 */
export interface UpstreamPool {
  readonly targets: readonly string[];
  /** The replica for a new request. */
  pick(): string;
  /** Another replica than `failed`, for a retry, or undefined when there is none left to try. */
  pickOtherThan(tried: ReadonlySet<string>): string | undefined;
  /** `target` refused or dropped a connection: skip it until it has had time to come back. */
  markDown(target: string): void;
  close(): void;
}

export interface UpstreamPoolOptions {
  probeIntervalMs: number;
  /** How long a replica that refused a connection is skipped (a passing probe brings it back sooner). */
  downForMs: number;
  probe?: (target: string, signal: AbortSignal) => Promise<boolean>;
  now?: () => number;
}

interface ReplicaState {
  ready: boolean;
  downUntil: number;
}

async function probeReadiness(target: string, signal: AbortSignal): Promise<boolean> {
  try {
    const res = await fetch(`${target}/readyz`, { signal, redirect: 'manual' });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export function createUpstreamPool(targets: readonly string[], options: UpstreamPoolOptions): UpstreamPool {
  if (targets.length === 0) throw new Error('An upstream needs at least one URL');
  const { probeIntervalMs, downForMs, probe = probeReadiness, now = Date.now } = options;
  const state = new Map<string, ReplicaState>(targets.map((target) => [target, { ready: true, downUntil: 0 }]));
  let cursor = 0;

  const usable = (target: string, at: number) => {
    const replica = state.get(target)!;
    return replica.ready && replica.downUntil <= at;
  };

  // Picks walk the list from the cursor instead of filtering a copy: this runs on every request.
  const nextUsable = (candidate: (target: string) => boolean): string | undefined => {
    const at = now();
    for (let step = 0; step < targets.length; step += 1) {
      const index = (cursor + step) % targets.length;
      const target = targets[index]!;
      if (candidate(target) && usable(target, at)) {
        cursor = index + 1;
        return target;
      }
    }
    return undefined;
  };

  let timer: NodeJS.Timeout | undefined;
  if (targets.length > 1) {
    const probeAll = async () => {
      await Promise.all(
        targets.map(async (target) => {
          const ok = await probe(target, AbortSignal.timeout(probeIntervalMs));
          const replica = state.get(target)!;
          replica.ready = ok;
          if (ok) replica.downUntil = 0;
        }),
      );
    };
    timer = setInterval(() => void probeAll(), probeIntervalMs);
    // The probes serve requests; they must never be what keeps a stopping process alive.
    timer.unref();
    void probeAll();
  }

  return {
    targets,
    pick() {
      if (targets.length === 1) return targets[0]!;
      // None looks ready: trying one beats refusing outright (the probe may simply be behind).
      return nextUsable(() => true) ?? targets[cursor++ % targets.length]!;
    },
    pickOtherThan(tried) {
      const untried = (target: string) => !tried.has(target);
      const ready = nextUsable(untried);
      if (ready !== undefined) return ready;
      const rest = targets.filter(untried);
      return rest.length > 0 ? rest[cursor++ % rest.length] : undefined;
    },
    markDown(target) {
      const replica = state.get(target);
      if (replica && targets.length > 1) replica.downUntil = now() + downForMs;
    },
    close() {
      clearInterval(timer);
    },
  };
}
