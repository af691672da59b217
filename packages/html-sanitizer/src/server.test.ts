import { serverSanitizer } from './server';

describe('the platform HTML policy (server side)', () => {
  const sanitizer = serverSanitizer();

  it('removes script, frames, forms, styles and handlers, and keeps prose, links and images', () => {
    expect(sanitizer.sanitize('<p onclick="x()" style="color:red">Hi <script>x()</script><b>there</b></p>')).toBe('<p>Hi <b>there</b></p>');
    expect(sanitizer.sanitize('<iframe src="https://evil.example"></iframe><form><input></form>')).toBe('');
    expect(sanitizer.sanitize('<a href="javascript:x()">a</a><img src="/a.png" alt="A">')).toBe('<a>a</a><img src="/a.png" alt="A">');
  });

  it('lets a link open a new tab only without handing it this page', () => {
    expect(sanitizer.sanitize('<a href="https://x.example" target="_blank">x</a>')).toBe('<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizer.sanitize('<a href="https://x.example" target="other">x</a>')).toBe('<a href="https://x.example">x</a>');
  });

  it('renders content by its format, Markdown through the same policy', () => {
    expect(sanitizer.renderContent('markdown', '**Bold** <script>x()</script>')).toBe('<p><strong>Bold</strong> </p>\n');
    expect(sanitizer.renderContent('html', '**Bold** <script>x()</script>')).toBe('**Bold** ');
  });

  it('is one instance per process', () => {
    expect(serverSanitizer()).toBe(sanitizer);
  });
});
