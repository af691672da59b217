import { CATALOG_COURSE_IMAGES, type Course, type CourseInput } from '@agentdock/contracts';
import { decimalTextToMinor, minorToDecimalText } from '@agentdock/ui';
import { fieldNamedBy, lines } from '../console/use-record-form';

/** The choice that shows the image address field instead of one of the catalog's images. */
export const OTHER_IMAGE = 'other';

/** The course form's fields, as typed. An image is one of the catalog's or an address typed in. */
export type CourseValues = {
  title: string;
  description: string;
  fullDescription: string;
  level: string;
  estimatedDuration: string;
  price: string;
  currency: string;
  billing: string;
  image: string;
  imageUrl: string;
  instructorName: string;
  instructorRole: string;
  instructorImage: string;
  instructorImageUrl: string;
  modules: string;
  whatYouGet: string;
};

export const EMPTY_COURSE: CourseValues = {
  title: '',
  description: '',
  fullDescription: '',
  level: 'Beginner',
  estimatedDuration: '',
  price: '',
  currency: 'usd',
  billing: 'one_time',
  image: CATALOG_COURSE_IMAGES.banners[0]!,
  imageUrl: '',
  instructorName: '',
  instructorRole: '',
  instructorImage: CATALOG_COURSE_IMAGES.portraits[0]!,
  instructorImageUrl: '',
  modules: 'Lessons',
  whatYouGet: '',
};

/** A stored image as the form's two fields: one of the offered images, or "other" and its address. */
function imageFields(image: string, offered: readonly string[]): [string, string] {
  return offered.includes(image) ? [image, ''] : [OTHER_IMAGE, image];
}

export function courseValues(course: Course): CourseValues {
  const [image, imageUrl] = imageFields(course.image, CATALOG_COURSE_IMAGES.banners);
  const [instructorImage, instructorImageUrl] = imageFields(course.instructor.image, CATALOG_COURSE_IMAGES.portraits);
  return {
    title: course.title,
    description: course.description,
    fullDescription: course.fullDescription,
    level: course.level,
    estimatedDuration: course.estimatedDuration,
    price: minorToDecimalText(course.priceMinor),
    currency: course.currency,
    billing: course.billing,
    image,
    imageUrl,
    instructorName: course.instructor.name,
    instructorRole: course.instructor.role,
    instructorImage,
    instructorImageUrl,
    modules: course.modules.map((module) => module.title).join('\n'),
    whatYouGet: course.whatYouGet.join('\n'),
  };
}

const chosen = (choice: string, url: string) => (choice === OTHER_IMAGE ? url.trim() : choice);

/**
 * The request body: the price typed in dollars is sent in cents, converted from its digits (no
 * float on the way); what does not parse is sent as typed so the server's message lands next to
 * the field. Lists are one entry per line.
 */
export function courseBody(values: CourseValues): CourseInput {
  return {
    title: values.title,
    description: values.description,
    fullDescription: values.fullDescription,
    level: values.level,
    estimatedDuration: values.estimatedDuration,
    priceMinor: values.price.trim() === '' ? undefined : (decimalTextToMinor(values.price) ?? values.price),
    currency: values.currency,
    billing: values.billing,
    image: chosen(values.image, values.imageUrl),
    instructor: { name: values.instructorName, role: values.instructorRole, image: chosen(values.instructorImage, values.instructorImageUrl) },
    modules: lines(values.modules),
    whatYouGet: lines(values.whatYouGet),
  } as CourseInput;
}

/**
 * Which field shows a server message about `path`: `priceMinor` → the price, `instructor.name` →
 * the instructor's name; an image's message shows under its choice, just above its address field.
 */
export function courseFieldOf(path: string): keyof CourseValues | undefined {
  const [head, tail] = path.split('.');
  if (head === 'priceMinor') return 'price';
  if (head === 'instructor') return tail === 'image' ? 'instructorImage' : tail === 'role' ? 'instructorRole' : 'instructorName';
  return fieldNamedBy(EMPTY_COURSE, path);
}
