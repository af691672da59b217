/** What the demo reads from the system message svc-chat sends: the agent's instructions, and any knowledge passages after them. */
export interface ReadInstructions {
  /** From a first `# Heading`, or "You are {name}."; else "your agent". */
  name: string;
  /** The first instruction line after the name: what the demo says it follows, so an edit shows at once. */
  guidance: string;
  /** The sources of the knowledge passages (`[pricing.pdf p. 3]`), in order, without repeats. */
  sources: string[];
  /** The first line of the first passage. */
  excerpt: string | null;
}

const GUIDANCE_LIMIT = 120;

const clip = (text: string) => (text.length > GUIDANCE_LIMIT ? `${text.slice(0, GUIDANCE_LIMIT).trimEnd()}…` : text);

export function readInstructions(system: string): ReadInstructions {
  const [instructions = '', knowledge = ''] = system.split(/^## Knowledge\s*$/m);
  const lines = instructions
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const heading = lines[0] ? /^#\s+(.+)$/.exec(lines[0]) : null;
  const persona = !heading && lines[0] ? /^You are ([^.]+)\.\s*(.*)$/.exec(lines[0]) : null;
  const name = heading?.[1]?.trim() ?? persona?.[1]?.trim() ?? 'your agent';
  const rest = persona ? [persona[2] ?? '', ...lines.slice(1)] : heading ? lines.slice(1) : lines;
  const guidance = rest.map((line) => line.replace(/^([-*+]|\d+\.)\s+/, '').replace(/^#+\s+/, '')).find((line) => line !== '') ?? '';
  const sources = [...new Set([...knowledge.matchAll(/^\[([^\]\n]+)\]$/gm)].map((match) => match[1]!))];
  const excerpt = /^\[[^\]\n]+\]\n(.+)$/m.exec(knowledge)?.[1]?.trim() ?? null;
  return { name, guidance: clip(guidance), sources, excerpt: excerpt ? clip(excerpt) : null };
}
