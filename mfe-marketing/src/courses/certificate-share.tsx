import { type Certificate, certificatePath, linkedInAddCertificationUrl, linkedInShareUrl } from '@agentdock/contracts';
import { AnchorButton, CopyButton } from '@agentdock/ui';

/** The certificate's public address on this site (what LinkedIn and a copied link point to). */
const certificateUrl = (code: string) => (typeof window === 'undefined' ? certificatePath(code) : new URL(certificatePath(code), window.location.origin).toString());

/**
 * What a learner does with a certificate besides downloading it: put it on their LinkedIn profile
 * (the form filled in), share its page, or copy the link. The links
 * carry this site's own address (a server render has none, and these pages render in the browser).
 */
export function CertificateShare({ certificate }: { certificate: Pick<Certificate, 'code' | 'courseTitle' | 'completedAt'> }) {
  const url = certificateUrl(certificate.code);
  return (
    <div className="ad-row" role="group" aria-label="Share your certificate">
      <AnchorButton href={linkedInAddCertificationUrl(certificate, url)} target="_blank" rel="noopener noreferrer" variant="secondary">
        Add to LinkedIn profile
        <span className="ad-visually-hidden"> (opens in a new tab)</span>
      </AnchorButton>
      <AnchorButton href={linkedInShareUrl(url)} target="_blank" rel="noopener noreferrer" variant="secondary">
        Share on LinkedIn
        <span className="ad-visually-hidden"> (opens in a new tab)</span>
      </AnchorButton>
      <CopyButton text={url} label="Copy link" />
    </div>
  );
}
