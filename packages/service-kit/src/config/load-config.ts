import { z } from 'zod';

type Env = Record<string, string | undefined>;

/** One line per bad variable, so an operator fixes them all in one go. */
export interface ConfigProblem {
  variable: string;
  problem: string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  readonly code = 'invalid_config';

  constructor(
    readonly service: string | undefined,
    readonly problems: ConfigProblem[],
  ) {
    const heading = service ? `Invalid configuration for ${service}:` : 'Invalid configuration:';
    super([heading, ...problems.map(({ variable, problem }) => `  - ${variable}: ${problem}`)].join('\n'));
  }
}

// Values of these could be credentials; an error message must not carry them into logs.
const SECRET_VARIABLE = /SECRET|KEY|TOKEN|PASSWORD|PASS|CREDENTIAL|DATABASE_URL/i;

/**
 * Validates the environment against a zod schema and returns the parsed configuration, or throws
 * a ConfigError listing every bad or missing variable. Empty values count as unset.
 *
 * @example
 * const config = loadConfig(z.object({ PORT: portSchema.default(3102) }), process.env, 'svc-catalog');
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: Env = process.env, service?: string): z.output<S> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present, { error: readableIssue });
  if (result.success) return result.data;
  throw new ConfigError(
    service,
    result.error.issues.map((issue) => {
      const variable = issue.path.length > 0 ? issue.path.join('.') : '(configuration)';
      return { variable, problem: describeProblem(issue, present[variable], variable) };
    }),
  );
}

function describeProblem(issue: z.core.$ZodIssue, value: string | undefined, variable: string): string {
  const { message } = issue;
  // A missing value only means "required" when its type check failed; a schema's own rule (e.g.
  // "set DATABASE_URL or DATA_DIR") says more than that, so it keeps its words.
  if (value === undefined) return issue.code === 'invalid_type' ? 'is required but not set' : message;
  if (SECRET_VARIABLE.test(variable)) return message;
  return `${message}, got ${JSON.stringify(value)}`;
}

const FORMAT_NAMES: Record<string, string> = { url: 'a URL', email: 'an email address', uuid: 'a UUID', datetime: 'an ISO date-time' };

/** Replaces zod's default wording for the common cases; schema-level messages still win. */
function readableIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format in FORMAT_NAMES ? `expected ${FORMAT_NAMES[issue.format]}` : undefined;
    default:
      return undefined;
  }
}

/**
 * loadConfig for a process's entry point: a misconfigured process says exactly what to fix and
 * exits with status 1, rather than dumping a stack.
 */
export function loadConfigOrExit<S extends z.ZodType>(schema: S, env: Env, service: string): z.output<S> {
  try {
    return loadConfig(schema, env, service);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
