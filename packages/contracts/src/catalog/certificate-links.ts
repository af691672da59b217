// Kept free of zod: the certificate page and the completion email both build these links.

/** The public page where anyone checks a certificate is genuine. */
export const certificatePath = (code: string) => `/certificates/${encodeURIComponent(code)}`;

/** The issuer named on a learner's LinkedIn profile. */
export const CERTIFICATE_ISSUER = 'Agentdock';

/**
 * LinkedIn's "Add to profile" form for a certification, filled in: the learner only confirms.
 * The parameters are the ones LinkedIn documents for its Add to Profile links.
 */
export function linkedInAddCertificationUrl(certificate: { courseTitle: string; code: string; completedAt: string }, certificateUrl: string): string {
  const issued = new Date(certificate.completedAt);
  const params = new URLSearchParams({
    startTask: 'CERTIFICATION_NAME',
    name: certificate.courseTitle,
    organizationName: CERTIFICATE_ISSUER,
    issueYear: String(issued.getUTCFullYear()),
    issueMonth: String(issued.getUTCMonth() + 1),
    certUrl: certificateUrl,
    certId: certificate.code,
  });
  return `https://www.linkedin.com/profile/add?${params.toString()}`;
}

/** LinkedIn's share dialog for the certificate's public page. */
export function linkedInShareUrl(certificateUrl: string): string {
  return `https://www.linkedin.com/sharing/share-offsite/?${new URLSearchParams({ url: certificateUrl }).toString()}`;
}
