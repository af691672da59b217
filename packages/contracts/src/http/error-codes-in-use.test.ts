import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ERROR_CATALOGUE } from './error-catalogue';

/**
 * Every code a service can throw has a status and a text. AppError's `code` is typed ErrorCode, so
 * the compiler proves it for typed call sites; this reads the sources themselves, so that a cast or
 * an untyped path (a plain object written as an error body) cannot slip a code past the catalogue.
 */
const root = path.resolve(__dirname, '../../../..');
const answering = ['gateway/src', 'packages/service-kit/src', 'packages/service-data/src', 'packages/static-server/src'];
const sourceDirs = [
  ...readdirSync(root)
    .filter((name) => name.startsWith('svc-'))
    .map((name) => `${name}/src`),
  ...answering,
];

/** A string literal with the shape of a code. */
const CODE = `'([a-z][a-z0-9]*(?:_[a-z0-9]+)*)'`;

/** Where a code goes, besides the first argument of an error class that takes a code first. */
const PLACES = [
  new RegExp(`super\\(\\s*${CODE}`, 'g'),
  // { code: 'code' } in an error's options or an error body, code = 'code' as a default or a static.
  new RegExp(`\\bcode(?:\\s*:\\s*ErrorCode)?\\s*[:=]\\s*${CODE}`, 'g'),
  new RegExp(`openAiError\\(\\s*${CODE}`, 'g'),
];

/** Literals in those places that are not HTTP error codes. */
const NOT_ERROR_CODES: Record<string, string> = {
  custom: "zod's issue code, in the configuration schemas",
  invalid_config: 'ConfigError: refused at start-up, never an HTTP answer',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

/** AppError and every error class whose constructor takes a code first (IdentityError, CatalogError, PublicApiError, …). */
function codeFirstClasses(sources: string[]): Set<string> {
  const declared = /class (\w+) extends \w+ \{[^}]*?constructor\(\s*(?:readonly\s+)?\w+\??:\s*(?:ErrorCode|PublicApiErrorCode)\b/g;
  return new Set(['AppError', ...sources.flatMap((source) => [...source.matchAll(declared)].map((match) => match[1]!))]);
}

function codesIn(file: string, source: string, codeFirst: Set<string>): Array<{ code: string; where: string }> {
  const at = (index: number | undefined) => `${file}:${source.slice(0, index).split('\n').length}`;
  const constructed = [...source.matchAll(new RegExp(`new (\\w+)\\(\\s*${CODE}`, 'g'))]
    .filter((match) => codeFirst.has(match[1]!))
    .map((match) => ({ code: match[2]!, where: at(match.index) }));
  return [...constructed, ...PLACES.flatMap((place) => [...source.matchAll(place)].map((match) => ({ code: match[1]!, where: at(match.index) })))];
}

describe('the error codes the services and the gateway answer with', () => {
  const files = sourceDirs.flatMap(sourceFiles).map((file) => ({ file, source: readFileSync(path.join(root, file), 'utf8') }));
  const codeFirst = codeFirstClasses(files.map(({ source }) => source));
  const found = files.flatMap(({ file, source }) => codesIn(file, source, codeFirst));
  const codes = found.filter(({ code }) => !(code in NOT_ERROR_CODES));

  it('reads the sources of every service, the gateway and the kit', () => {
    expect(sourceDirs).toEqual(expect.arrayContaining(['svc-identity/src', 'svc-catalog/src', 'svc-billing/src', 'svc-chat/src', 'gateway/src']));
    expect([...codeFirst].sort()).toEqual(expect.arrayContaining(['AppError', 'CatalogError', 'IdentityError', 'PublicApiError']));
    // The scan sees the codes written at throw sites, not just a few: a broken pattern would pass vacuously.
    expect(new Set(codes.map(({ code }) => code)).size).toBeGreaterThan(40);
  });

  it('are all in the catalogue, with a status and a text', () => {
    expect(codes.filter(({ code }) => !Object.hasOwn(ERROR_CATALOGUE, code)).map(({ code, where }) => `${where} ${code}`)).toEqual([]);
  });
});
