import { Link, useLocation } from 'react-router-dom';
import { pageRouteForPath } from '../routing/page-routes';
import { Container, SITE, SITE_FOOTER_ID } from '@agentdock/ui';
import { FooterFaq } from './footer-faq';

const COMPANY_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/our-story', label: 'Our Story' },
  { to: '/contact', label: 'Contact' },
];

const LEGAL_LINKS = [
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
];

/** The footer the page's area calls for: the full one on public pages, a compact one in signed-in areas. */
export function SiteFooter() {
  const { pathname } = useLocation();
  return pageRouteForPath(pathname)?.area === 'app' ? <CompactFooter /> : <Footer />;
}

export function Footer() {
  return (
    <footer id={SITE_FOOTER_ID} className="shell-footer ad-on-dark">
      <Container>
        <section className="shell-footer__faq" aria-labelledby="footer-faq-title">
          <h2 id="footer-faq-title">Frequently asked questions</h2>
          <FooterFaq />
        </section>

        <div className="shell-footer__columns">
          <div className="shell-footer__brand">
            <p className="shell-brand">
              <span className="shell-brand__mark" aria-hidden="true" />
              {SITE.name}
            </p>
            <p className="ad-muted">AI agents for business, a hands-on AI course and a community of builders.</p>
          </div>

          <FooterLinks id="footer-company" title="Company" links={COMPANY_LINKS} />
          <FooterLinks id="footer-legal" title="Legal" links={LEGAL_LINKS} />

          <div>
            <h2 className="shell-footer__heading">Contact</h2>
            <ul className="shell-footer__list">
              <li>
                <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
              </li>
            </ul>
            <h2 className="shell-footer__heading">Follow us</h2>
            <ul className="shell-footer__list shell-footer__social">
              {SITE.social.map((link) => (
                <li key={link.href}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                    <span className="ad-visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <p className="shell-footer__legal ad-muted">
          © {new Date().getFullYear()} {SITE.name}. All rights reserved.
        </p>
      </Container>
    </footer>
  );
}

/**
 * Under the dashboard, the chat and the console: the marketing FAQ and columns would push a working
 * screen's end a page further down, so one line keeps what a customer still needs there.
 */
export function CompactFooter() {
  return (
    <footer id={SITE_FOOTER_ID} className="shell-footer shell-footer--compact">
      <Container>
        <nav aria-label="Footer">
          <ul className="shell-footer__inline">
            <li>
              © {new Date().getFullYear()} {SITE.name}
            </li>
            {[...LEGAL_LINKS, { to: '/contact', label: 'Contact' }].map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
            </li>
          </ul>
        </nav>
      </Container>
    </footer>
  );
}

function FooterLinks({ id, title, links }: { id: string; title: string; links: ReadonlyArray<{ to: string; label: string }> }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="shell-footer__heading">
        {title}
      </h2>
      <ul className="shell-footer__list">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
