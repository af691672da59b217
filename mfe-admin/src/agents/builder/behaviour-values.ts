import { type AgentBehaviour, agentBehaviour, IMAGE_SIZES, type ImageSize, MAX_STARTERS } from '@agentdock/contracts';

/** The builder form's fields as typed: numbers and lists are text until sent. */
export interface BehaviourValues {
  instructions: string;
  /** '' is the default connection. */
  connectionId: string;
  model: string;
  temperature: string;
  maxReplyTokens: string;
  /** One per line. */
  stop: string;
  /** One per line, at most four. */
  starters: string;
  imagesEnabled: boolean;
  imageModel: string;
  imageSizes: ImageSize[];
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function behaviourValues(behaviour: AgentBehaviour): BehaviourValues {
  return {
    instructions: behaviour.instructions,
    connectionId: behaviour.connectionId ?? '',
    model: behaviour.model ?? '',
    temperature: behaviour.temperature === null ? '' : String(behaviour.temperature),
    maxReplyTokens: behaviour.maxReplyTokens === null ? '' : String(behaviour.maxReplyTokens),
    stop: behaviour.stop.join('\n'),
    starters: behaviour.starters.join('\n'),
    imagesEnabled: behaviour.images.enabled,
    imageModel: behaviour.images.model ?? '',
    imageSizes: behaviour.images.sizes,
  };
}

export type BehaviourErrors = Partial<Record<keyof BehaviourValues, string>>;

const number = (text: string) => (text.trim() === '' ? null : Number(text));

/**
 * The form's values as the API takes them, or the message of each field at fault (the contract's
 * own checks, so the form says what the server would).
 */
export function behaviourBody(values: BehaviourValues): { ok: true; body: AgentBehaviour } | { ok: false; errors: BehaviourErrors } {
  const starters = lines(values.starters);
  const candidate = {
    instructions: values.instructions,
    connectionId: values.connectionId || null,
    model: values.model.trim() || null,
    temperature: number(values.temperature),
    maxReplyTokens: number(values.maxReplyTokens),
    stop: lines(values.stop),
    starters,
    images: { enabled: values.imagesEnabled, model: values.imageModel.trim() || null, sizes: IMAGE_SIZES.filter((size) => values.imageSizes.includes(size)) },
  };
  const parsed = agentBehaviour.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: BehaviourErrors = {};
  const fieldOf: Record<string, keyof BehaviourValues> = { images: 'imageModel' };
  for (const issue of parsed.error.issues) {
    const top = String(issue.path[0] ?? 'instructions');
    const field = (fieldOf[top] ?? top) as keyof BehaviourValues;
    if (field === 'temperature' || field === 'maxReplyTokens') errors[field] ??= Number.isNaN(candidate[field]) ? 'Enter a number' : issue.message;
    else if (field === 'starters' && starters.length > MAX_STARTERS) errors.starters ??= `At most ${MAX_STARTERS} starters`;
    else errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
