import { CATALOG_ENDPOINTS } from '@agentdock/contracts';
import { type ServiceContext } from '@agentdock/service-data';
import { type Request, Router } from 'express';
import type { CatalogSchema } from '../db/schema';
import { getCertificate, renderCertificatePdf } from '../domain/certificates';
import { certificateParams } from './params';

/** The site's origin as the visitor reached it (the gateway forwards host and protocol). */
function siteOrigin(req: Request): string {
  const host = req.get('x-forwarded-host') ?? req.get('host') ?? 'localhost';
  const proto = req.get('x-forwarded-proto') === 'https' ? 'https' : req.protocol;
  return `${proto}://${host}`;
}

/** Public verification of certificates, and their PDF. */
export function certificatesRouter(context: ServiceContext<CatalogSchema>): Router {
  const router = Router();

  router.get(CATALOG_ENDPOINTS.certificate.route, async (req, res) => {
    res.json(await getCertificate(context.db, certificateParams.parse(req.params).code));
  });

  router.get(CATALOG_ENDPOINTS.certificatePdf.route, async (req, res) => {
    const certificate = await getCertificate(context.db, certificateParams.parse(req.params).code);
    const pdf = await renderCertificatePdf(certificate, `${siteOrigin(req)}/certificates/${certificate.code}`);
    res.type('application/pdf').set('Content-Disposition', `attachment; filename="certificate-${certificate.code}.pdf"`).send(pdf);
  });

  return router;
}
