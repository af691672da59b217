import { CATALOG_COURSE_IMAGES, COURSE_LEVELS, type Course } from '@agentdock/contracts';
import { TextAreaField, TextField } from '@agentdock/ui';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { SelectField } from '../console/fields';
import { FormFrame } from '../console/form-frame';
import { useRecordForm } from '../console/use-record-form';
import { courseFieldOf, courseValues, EMPTY_COURSE, OTHER_IMAGE, type CourseValues } from './course-values';

const BILLING_OPTIONS = [
  { value: 'one_time', label: 'One-time payment' },
  { value: 'monthly', label: 'Monthly subscription' },
];
const LEVEL_OPTIONS = COURSE_LEVELS.map((level) => ({ value: level, label: level }));
const fileName = (path: string) => path.slice(path.lastIndexOf('/') + 1).replace(/\.svg$/, '');
const imageOptions = (paths: readonly string[]) => [
  ...paths.map((path) => ({ value: path, label: `Catalog image: ${fileName(path)}` })),
  { value: OTHER_IMAGE, label: 'Another image (https:// address)' },
];

export interface CourseFormProps {
  /** The course to edit; none to create one. */
  course?: Course;
  save: (values: CourseValues) => Promise<void>;
  onCancel: () => void;
}

/** Create or edit a course: what the course pages show, its price and how it is paid. */
export function CourseForm({ course, save, onCancel }: CourseFormProps) {
  const form = useRecordForm({ initial: course ? courseValues(course) : EMPTY_COURSE, save, fieldOf: courseFieldOf, failureText: ADMIN_ERRORS.saveCourse });
  return (
    <FormFrame title={course ? 'Edit Course' : 'Create New Course'} form={form} onCancel={onCancel}>
      <div className="adm-form-grid">
        <TextField label="Title" {...form.field('title')} />
        <SelectField label="Level" options={LEVEL_OPTIONS} {...form.field('level')} />
        <TextField label="Duration" placeholder="e.g. 4 weeks" {...form.field('estimatedDuration')} />
        <TextField label="Price ($)" inputMode="decimal" {...form.field('price')} />
        <SelectField label="Billing" options={BILLING_OPTIONS} {...form.field('billing')} />
        <SelectField label="Course image" options={imageOptions(CATALOG_COURSE_IMAGES.banners)} {...form.field('image')} />
        {form.values.image === OTHER_IMAGE && <TextField label="Course image address" placeholder="https://…" {...form.field('imageUrl')} />}
        <TextField label="Instructor name" {...form.field('instructorName')} />
        <TextField label="Instructor role" {...form.field('instructorRole')} />
        <SelectField label="Instructor photo" options={imageOptions(CATALOG_COURSE_IMAGES.portraits)} {...form.field('instructorImage')} />
        {form.values.instructorImage === OTHER_IMAGE && <TextField label="Instructor photo address" placeholder="https://…" {...form.field('instructorImageUrl')} />}
      </div>
      <TextAreaField label="Short description" rows={2} {...form.field('description')} />
      <TextAreaField label="Full description (the course page; the short one when empty)" rows={4} {...form.field('fullDescription')} />
      <TextAreaField label="Modules (one per line; lessons are added under them)" rows={4} {...form.field('modules')} />
      <TextAreaField label="What you get (one per line)" rows={4} {...form.field('whatYouGet')} />
    </FormFrame>
  );
}
