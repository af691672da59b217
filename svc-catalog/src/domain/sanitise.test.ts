import { renderContent, sanitiseHtml } from './sanitise';

describe('sanitiseHtml', () => {
  it.each([
    ['script', '<p>Hello</p><script>alert(1)</script>', '<p>Hello</p>'],
    ['iframe', '<p>Hello</p><iframe src="https://evil.example"></iframe>', '<p>Hello</p>'],
    ['object', '<p>Hello</p><object data="movie.swf"><param name="a" value="b"></object>', '<p>Hello</p>'],
    ['embed', '<p>Hello</p><embed src="movie.swf">', '<p>Hello</p>'],
    ['a script inside SVG', '<p>Hello</p><svg><script>alert(1)</script></svg>', '<p>Hello</p>'],
    ['a style element', '<style>body{display:none}</style><p>Hello</p>', '<p>Hello</p>'],
    ['a form', '<form action="https://evil.example"><input name="password"></form><p>Hello</p>', '<p>Hello</p>'],
  ])('removes %s', (_label, dirty, clean) => {
    expect(sanitiseHtml(dirty)).toBe(clean);
  });

  it('removes javascript: URLs from links and images, whatever their case and padding', () => {
    const html = sanitiseHtml('<a href="javascript:alert(1)">a</a><a href=" JaVaScRiPt:alert(1)">b</a><img src="javascript:alert(1)" alt="c">');
    expect(html).not.toMatch(/javascript/i);
    expect(html).toBe('<a>a</a><a>b</a><img alt="c">');
  });

  it('removes onclick, onerror and every other on* attribute', () => {
    const html = sanitiseHtml('<p onclick="a()" onmouseover="b()">x</p><img src="/a.png" onerror="c()" onload="d()"><a href="/x" onfocus="e()">y</a>');
    expect(html).not.toMatch(/\son\w+=/i);
    expect(html).toBe('<p>x</p><img src="/a.png"><a href="/x">y</a>');
  });

  it('removes inline styles', () => {
    expect(sanitiseHtml('<p style="position:fixed;inset:0">x</p>')).toBe('<p>x</p>');
  });

  it('keeps ordinary formatting, lists, headings, links and images', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong>, <em>italic</em> and <a href="https://agentdock.example/pricing" title="Pricing">a link</a>.</p>' +
      '<ul><li>One</li><li>Two</li></ul><blockquote>Quote</blockquote><img src="/images/banner.png" alt="Banner">';
    expect(sanitiseHtml(html)).toBe(html);
  });
});

describe('renderContent', () => {
  it('renders Markdown to HTML', () => {
    expect(renderContent('markdown', '## Our mission\n\nWe help **businesses**.\n\n- one\n- two')).toBe(
      '<h2>Our mission</h2>\n<p>We help <strong>businesses</strong>.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n',
    );
  });

  it('sanitises HTML embedded in Markdown and javascript: links written in Markdown', () => {
    const html = renderContent('markdown', 'Hello <img src="x.png" onerror="steal()">\n\n<script>steal()</script>\n\n[click](javascript:steal())');
    expect(html).not.toMatch(/script|onerror|javascript/i);
    expect(html).toContain('<img src="x.png">');
    expect(html).toContain('click');
  });

  it('sanitises HTML content as it is, without Markdown rendering', () => {
    expect(renderContent('html', '<p>*not emphasis*</p><iframe src="x"></iframe>')).toBe('<p>*not emphasis*</p>');
  });

  it('leaves Markdown syntax in HTML content as text', () => {
    expect(renderContent('html', '# Not a heading\n\n**not bold**')).toBe('# Not a heading\n\n**not bold**');
  });
});
