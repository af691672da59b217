import { pageDocument, type RenderedPage, scriptSafeJson } from './html-document';

// The shell's index.html as the production build minifies it (unquoted attribute values).
const TEMPLATE =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="Generic."><title>Agentdock</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';

const page = (overrides: Partial<RenderedPage> = {}): RenderedPage => ({
  rootHtml: '<main><h1>Pricing</h1></main>',
  title: 'Pricing · Agentdock',
  description: 'Compare plans.',
  styles: ['.a{color:red}'],
  data: { 'agentdock-ssr-marketing': { resources: { plans: [] } } },
  remoteBuilds: { marketing: '0.1.0' },
  ...overrides,
});

describe('pageDocument', () => {
  it('puts the page into #root, marked for hydration, with its own title and description', () => {
    const html = pageDocument(TEMPLATE, page());
    expect(html).toContain('<div id="root" data-server-rendered=""><main><h1>Pricing</h1></main></div>');
    expect(html).toContain('<title>Pricing · Agentdock</title>');
    expect(html).toContain('<meta name="description" content="Compare plans." />');
    expect(html).not.toContain('Generic.');
    expect(html.match(/<meta name="?description/g)).toHaveLength(1);
  });

  it('adds the styles and the data to the head, before the closing tag', () => {
    const html = pageDocument(TEMPLATE, page());
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<style data-ssr>.a{color:red}</style>');
    expect(head).toContain('<script type="application/json" id="agentdock-ssr-marketing">{"resources":{"plans":[]}}</script>');
  });

  it('names the build of each remote that rendered the page, escaped', () => {
    const html = pageDocument(TEMPLATE, page({ remoteBuilds: { marketing: 'drill-"7"', account: '2.0.0' } }));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<meta name="agentdock-server-build:marketing" content="drill-&quot;7&quot;" />');
    expect(head).toContain('<meta name="agentdock-server-build:account" content="2.0.0" />');
  });

  it('adds a description when the template has none', () => {
    const html = pageDocument(TEMPLATE.replace('<meta name=description content="Generic.">', ''), page());
    expect(html).toContain('<title>Pricing · Agentdock</title><meta name="description" content="Compare plans." />');
  });

  it('escapes the title and description, and keeps data and styles from closing their elements', () => {
    const html = pageDocument(
      TEMPLATE,
      page({
        title: '<b>"Course" & co</b>',
        description: 'a "quoted" <tag>',
        styles: ['a::after{content:"</style><script>x()</script>"}'],
        data: { d: { html: '</script><script>alert(1)</script>' } },
      }),
    );
    expect(html).toContain('<title>&lt;b&gt;&quot;Course&quot; &amp; co&lt;/b&gt;</title>');
    expect(html).toContain('content="a &quot;quoted&quot; &lt;tag&gt;"');
    expect(html).not.toContain('</style><script>x()');
    expect(html).not.toContain('</script><script>alert(1)');
  });

  it('keeps $ patterns in the page as written (no replacement patterns)', () => {
    const html = pageDocument(TEMPLATE, page({ rootHtml: "<p>$& $' $1 costs $50</p>", title: "$' $&" }));
    expect(html).toContain("<p>$& $' $1 costs $50</p>");
    expect(html).toContain("<title>$' $&amp;</title>");
  });

  it('refuses a template without an empty root or a title', () => {
    expect(() => pageDocument(TEMPLATE.replace('<div id=root></div>', '<div id=app></div>'), page())).toThrow(/root/);
    expect(() => pageDocument(TEMPLATE.replace('<title>Agentdock</title>', ''), page())).toThrow(/title/);
  });
});

describe('scriptSafeJson', () => {
  it('is JSON that reads back the same and holds no markup characters', () => {
    const value = { text: '</script><!-- & \u2028 \u2029 >' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
