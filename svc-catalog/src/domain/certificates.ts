import { randomInt } from 'node:crypto';
import { type AccessTokenClaims, type Certificate, CERTIFICATE_CODE_PATTERN, type CourseDefinition } from '@agentdock/contracts';
import type { Db } from '@agentdock/service-data';
import { eq } from '@agentdock/service-data/orm';
import PDFDocument from 'pdfkit';
import { type CatalogSchema, type CertificateRow, courseCertificates } from '../db/schema';
import { authorNameOf } from './discussion';
import { CatalogError } from './errors';

// No 0/O or 1/I: the code is read aloud and typed from paper.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A verification code such as `K7PD-3XQM-9TBA`: 60 bits, so codes cannot be guessed. */
export function newCertificateCode(): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join('')).join('-');
}

export function toCertificate(row: CertificateRow): Certificate {
  return { code: row.code, courseId: row.courseId, courseTitle: row.courseTitle, learnerName: row.learnerName, completedAt: row.completedAt.toISOString() };
}

/**
 * Issues the learner's certificate for the course unless they hold one. The name is the access
 * token's (identity owns it; the catalog never reads identity's tables), else the email's local part.
 */
export async function issueCertificate(tx: Db<CatalogSchema>, claims: AccessTokenClaims, course: Pick<CourseDefinition, 'id' | 'title'>): Promise<void> {
  await tx
    .insert(courseCertificates)
    .values({ code: newCertificateCode(), userId: claims.sub, courseId: course.id, courseTitle: course.title, learnerName: authorNameOf(claims) })
    .onConflictDoNothing({ target: [courseCertificates.userId, courseCertificates.courseId] });
}

/** The certificate with this verification code, or 404 certificate_not_found. */
export async function getCertificate(db: Db<CatalogSchema>, code: string): Promise<Certificate> {
  const normalised = code.trim().toUpperCase();
  const [row] = CERTIFICATE_CODE_PATTERN.test(normalised) ? await db.select().from(courseCertificates).where(eq(courseCertificates.code, normalised)) : [];
  if (!row) throw new CatalogError('certificate_not_found');
  return toCertificate(row);
}

export const completionDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** The certificate as an A4 landscape PDF; `verifyUrl` is where anyone can check it is genuine. */
export function renderCertificatePdf(certificate: Certificate, verifyUrl: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 56, info: { Title: `Certificate of Completion: ${certificate.courseTitle}`, Author: 'Agentdock' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 112;
  doc
    .rect(28, 28, doc.page.width - 56, doc.page.height - 56)
    .lineWidth(2)
    .stroke('#1f3a5f');
  doc.moveDown(2).font('Helvetica').fontSize(14).fillColor('#555555').text('AGENTDOCK', { align: 'center', width, characterSpacing: 3 });
  doc.moveDown(1).font('Helvetica-Bold').fontSize(32).fillColor('#1f3a5f').text('Certificate of Completion', { align: 'center', width });
  doc.moveDown(1).font('Helvetica').fontSize(14).fillColor('#333333').text('This certifies that', { align: 'center', width });
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(26).fillColor('#111111').text(certificate.learnerName, { align: 'center', width });
  doc.moveDown(0.5).font('Helvetica').fontSize(14).fillColor('#333333').text('has completed every lesson of the course', { align: 'center', width });
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(20).fillColor('#1f3a5f').text(certificate.courseTitle, { align: 'center', width });
  doc
    .moveDown(1)
    .font('Helvetica')
    .fontSize(13)
    .fillColor('#333333')
    .text(`Completed on ${completionDate(certificate.completedAt)}`, { align: 'center', width });
  doc.moveDown(2).fontSize(11).fillColor('#555555').text(`Verification code: ${certificate.code}`, { align: 'center', width });
  doc.text(`Check it at ${verifyUrl}`, { align: 'center', width, link: verifyUrl });
  doc.end();
  return done;
}
