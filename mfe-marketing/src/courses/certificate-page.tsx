import '../shared/blocks.css';
import './lessons.css';
import { useParams } from 'react-router-dom';
import { CATALOG_ENDPOINTS, endpointUrl } from '@agentdock/contracts';
import { AnchorButton, Card, Container, ErrorState, LinkButton, LoadingBlock, PageHeader, useDocumentTitle } from '@agentdock/ui';
import { marketingApi } from '../api/marketing-api';
import { useResource } from '../shared/use-resource';
import { CertificateShare } from './certificate-share';
import { coursePath } from './paths';

const certificateDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Public: anyone holding a verification code sees whether the certificate is genuine. */
export default function CertificatePage() {
  const { code = '' } = useParams();
  const [certificate, retry] = useResource(`certificate ${code}`, (signal) => marketingApi.getCertificate(code, { signal }));
  useDocumentTitle('Certificate Verification');
  if (certificate.status === 'loading') return <LoadingBlock label="Checking the certificate…" />;
  if (certificate.status === 'failed') {
    return <ErrorState headingLevel={1} title="We could not check this certificate right now" message="Please try again in a moment." onRetry={retry} />;
  }
  if (!certificate.data) {
    return (
      <PageHeader title="Certificate Not Found" lead="No certificate has this verification code. Check the code on the certificate and try again.">
        <LinkButton to="/courses">See our courses</LinkButton>
      </PageHeader>
    );
  }
  const found = certificate.data;
  return (
    <>
      <PageHeader eyebrow="Certificate of Completion" title="Verified certificate" lead="This certificate is genuine: Agentdock issued it to the learner below." />
      <Container className="ad-section ad-section--flush-top">
        <Card className="mk-certificate">
          <dl>
            <div>
              <dt>Learner</dt>
              <dd>{found.learnerName}</dd>
            </div>
            <div>
              <dt>Course</dt>
              <dd>{found.courseTitle}</dd>
            </div>
            <div>
              <dt>Completed on</dt>
              <dd>
                <time dateTime={found.completedAt}>{certificateDate(found.completedAt)}</time>
              </dd>
            </div>
            <div>
              <dt>Verification code</dt>
              <dd>{found.code}</dd>
            </div>
          </dl>
          <div className="ad-row">
            <AnchorButton href={endpointUrl(CATALOG_ENDPOINTS.certificatePdf, { code: found.code })} download>
              Download certificate (PDF)
            </AnchorButton>
            <LinkButton to={coursePath(found.courseId)} variant="secondary">
              About the course
            </LinkButton>
          </div>
          <CertificateShare certificate={found} />
        </Card>
      </Container>
    </>
  );
}
