import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { danglingLinks, linkTargets } from './doc-links';

const repositoryRoot = path.resolve(__dirname, '../../..');

describe('links in the documentation', () => {
  it('every relative link in the repository leads to a file inside it', () => {
    expect(danglingLinks(repositoryRoot)).toEqual([]);
  });
});

describe('danglingLinks', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'doc-links-'));
    mkdirSync(path.join(root, 'docs/adr'), { recursive: true });
    mkdirSync(path.join(root, 'svc-a'));
    writeFileSync(path.join(root, 'docs/adr/0001-choice.md'), '# A choice\n');
    writeFileSync(path.join(root, 'svc-a/README.md'), '# svc-a\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds a link to a missing file, with its line', () => {
    writeFileSync(path.join(root, 'README.md'), '# Title\n\nSee [the ADR](docs/adr/0001-choice.md) and [gone](docs/gone.md#part).\n');
    expect(danglingLinks(root)).toEqual([{ file: 'README.md', line: 3, target: 'docs/gone.md#part', reason: 'missing' }]);
  });

  it('resolves links from the folder of the file that holds them', () => {
    writeFileSync(path.join(root, 'docs/index.md'), '[ADR](adr/0001-choice.md), [service](../svc-a/README.md), [folder](adr), [wrong](svc-a/README.md)\n');
    expect(danglingLinks(root).map((link) => link.target)).toEqual(['svc-a/README.md']);
  });

  it('refuses links that leave the repository, such as a specification kept beside it', () => {
    writeFileSync(path.join(root, 'svc-a/README.md'), 'As [the spec](../../shared/product-spec.md) says.\n');
    expect(danglingLinks(root)).toEqual([{ file: 'svc-a/README.md', line: 1, target: '../../shared/product-spec.md', reason: 'outside the repository' }]);
  });

  it('leaves web addresses, anchors and code alone', () => {
    writeFileSync(path.join(root, 'README.md'), '[web](https://example.com/x.md) [mail](mailto:a@b.c) [here](#title) `[code](missing.md)`\n```md\n[block](missing.md)\n```\n');
    expect(danglingLinks(root)).toEqual([]);
  });
});

describe('linkTargets', () => {
  it('reads inline links with titles and reference definitions', () => {
    expect(linkTargets('[a](x.md "Title") and [b](<y z.md>)\n\n[ref]: docs/r.md\n')).toEqual([
      { line: 1, target: 'x.md' },
      { line: 1, target: 'y z.md' },
      { line: 3, target: 'docs/r.md' },
    ]);
  });
});
