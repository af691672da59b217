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
 * Issues the learner's certificate for the course unless they hold one (then null). The name is the access
 * token's (identity owns it; the catalog never reads identity's tables), else the email's local part.
 */
export async function issueCertificate(tx: Db<CatalogSchema>, claims: AccessTokenClaims, course: Pick<CourseDefinition, 'id' | 'title'>): Promise<Certificate | null> {
  const [issued] = await tx
    .insert(courseCertificates)
    .values({ code: newCertificateCode(), userId: claims.sub, courseId: course.id, courseTitle: course.title, learnerName: authorNameOf(claims) })
    .onConflictDoNothing({ target: [courseCertificates.userId, courseCertificates.courseId] })
    .returning();
  return issued ? toCertificate(issued) : null;
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
  const doc = new PDFDocument({ size: 'A4', layout: 'landscape', margin: 0, info: { Title: `Certificate of Completion: ${certificate.courseTitle}`, Author: 'Agentdock' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const { width, height } = doc.page;
  // A double frame, then the text laid out over the whole page: heading in the top third, the
  // learner and course in the middle, date and issuer above signature lines, the check at the foot.
  doc
    .rect(22, 22, width - 44, height - 44)
    .lineWidth(4)
    .stroke(NAVY);
  doc
    .rect(34, 34, width - 68, height - 68)
    .lineWidth(1)
    .stroke(NAVY);
  const lineWidth = width - 120;
  // A long name or title shrinks to stay on its one line instead of running into the next.
  const centred = (text: string, y: number, font: string, size: number, color: string, extra: PDFKit.Mixins.TextOptions = {}) => {
    const fitted = Math.min(size, (size * lineWidth * 0.96) / doc.font(font).fontSize(size).widthOfString(text, extra));
    doc
      .font(font)
      .fontSize(fitted)
      .fillColor(color)
      .text(text, 60, y + (size - fitted) / 2, { width: lineWidth, align: 'center', lineBreak: false, ...extra });
  };
  centred('AGENTDOCK', 78, 'Helvetica', 14, GREY, { characterSpacing: 4 });
  centred('Certificate of Completion', 104, 'Helvetica-Bold', 40, NAVY);
  doc
    .moveTo(width / 2 - 60, 162)
    .lineTo(width / 2 + 60, 162)
    .lineWidth(2)
    .stroke(NAVY);
  centred('This certifies that', 196, 'Helvetica', 15, INK);
  centred(certificate.learnerName, 222, 'Helvetica-Bold', 34, '#111111');
  centred('has completed every lesson of the course', 280, 'Helvetica', 15, INK);
  centred(certificate.courseTitle, 306, 'Helvetica-Bold', 26, NAVY);
  const signature = (label: string, value: string, centreX: number) => {
    doc
      .moveTo(centreX - 110, 440)
      .lineTo(centreX + 110, 440)
      .lineWidth(1)
      .stroke(GREY);
    doc
      .font('Helvetica-Bold')
      .fontSize(14)
      .fillColor(INK)
      .text(value, centreX - 130, 418, { width: 260, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(GREY)
      .text(label, centreX - 130, 448, { width: 260, align: 'center' });
  };
  signature('Date of completion', completionDate(certificate.completedAt), width * 0.3);
  signature('Issued by', 'Agentdock', width * 0.7);
  centred(`Verification code: ${certificate.code}`, 500, 'Helvetica', 11, GREY);
  centred(`Check it at ${verifyUrl}`, 516, 'Helvetica', 11, GREY, { link: verifyUrl });
  doc.end();
  return done;
}

const NAVY = '#1f3a5f';
const INK = '#333333';
const GREY = '#555555';
