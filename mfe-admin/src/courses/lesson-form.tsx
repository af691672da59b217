import { useDeferredValue } from 'react';
import type { AdminLesson, LessonInput } from '@agentdock/contracts';
import { TextAreaField, TextField } from '@agentdock/ui';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { CheckboxField, SelectField } from '../console/fields';
import { FormFrame } from '../console/form-frame';
import { integerOrNull, useRecordForm } from '../console/use-record-form';
import { previewHtml } from '../content/sanitize';

export type LessonValues = {
  moduleIndex: string;
  title: string;
  estimatedMinutes: string;
  videoUrl: string;
  exercisePrompt: string;
  body: string;
  isPreview: boolean;
  isPublished: boolean;
};

const EMPTY_LESSON: LessonValues = { moduleIndex: '0', title: '', estimatedMinutes: '10', videoUrl: '', exercisePrompt: '', body: '', isPreview: false, isPublished: false };

function lessonValues(lesson: AdminLesson): LessonValues {
  return {
    moduleIndex: String(lesson.moduleIndex),
    title: lesson.title,
    estimatedMinutes: String(lesson.estimatedMinutes),
    videoUrl: lesson.videoUrl ?? '',
    exercisePrompt: lesson.exercisePrompt ?? '',
    body: lesson.body,
    isPreview: lesson.isPreview,
    isPublished: lesson.isPublished,
  };
}

/** The body the catalog takes; empty optional fields are null, numbers as typed for the server to judge. */
export function lessonBody(values: LessonValues): LessonInput {
  return {
    moduleIndex: Number.parseInt(values.moduleIndex, 10),
    title: values.title,
    estimatedMinutes: integerOrNull(values.estimatedMinutes),
    videoUrl: values.videoUrl.trim() || null,
    exercisePrompt: values.exercisePrompt.trim() || null,
    body: values.body,
    isPreview: values.isPreview,
    isPublished: values.isPublished,
  } as LessonInput;
}

/** Add or edit a lesson: Markdown with a live preview through the platform's HTML policy. */
export function LessonForm({ lesson, modules, save, onCancel }: { lesson?: AdminLesson; modules: string[]; save: (values: LessonValues) => Promise<void>; onCancel: () => void }) {
  const form = useRecordForm({ initial: lesson ? lessonValues(lesson) : EMPTY_LESSON, save, failureText: ADMIN_ERRORS.saveLesson });
  const body = useDeferredValue(String(form.values.body));
  const html = previewHtml(body, 'markdown');
  return (
    <FormFrame title={lesson ? 'Edit Lesson' : 'Add Lesson'} form={form} onCancel={onCancel}>
      <div className="adm-form-grid">
        <TextField label="Lesson title" {...form.field('title')} />
        <SelectField label="Module" options={modules.map((title, index) => ({ value: String(index), label: `${index + 1}. ${title}` }))} {...form.field('moduleIndex')} />
        <TextField label="Estimated minutes" inputMode="numeric" {...form.field('estimatedMinutes')} />
        <TextField label="Video URL (optional)" placeholder="https://www.youtube-nocookie.com/embed/…" {...form.field('videoUrl')} />
      </div>
      <TextAreaField label="Exercise prompt (optional)" rows={3} {...form.field('exercisePrompt')} />
      <div className="adm-editor">
        <TextAreaField label="Lesson text (Markdown)" rows={14} {...form.field('body')} />
        <section className="adm-preview" aria-labelledby="adm-lesson-preview-title">
          <h4 id="adm-lesson-preview-title">Preview</h4>
          {/* Sanitised by the platform's HTML policy just above. */}
          <div className="adm-preview__body" data-testid="lesson-preview" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      </div>
      <CheckboxField label="Free preview (visitors may open it)" {...form.checkbox('isPreview')} />
      <CheckboxField label="Published" {...form.checkbox('isPublished')} />
    </FormFrame>
  );
}
