import { useDeferredValue } from 'react';
import { CONTENT_FORMATS, CONTENT_SECTION_TYPES, type ContentFormat, type ContentSection, type ContentSectionInput } from '@agentdock/contracts';
import { TextAreaField, TextField } from '@agentdock/ui';
import { ADMIN_ERRORS } from '../console/admin-errors';
import { CheckboxField, SelectField } from '../console/fields';
import { FormFrame } from '../console/form-frame';
import { useRecordForm } from '../console/use-record-form';
import { previewHtml } from './sanitize';

export type ContentValues = { title: string; sectionType: string; format: string; slot: string; content: string; isActive: boolean };

/** A new section is a hero section unless the admin picks another type. */
const EMPTY_CONTENT: ContentValues = { title: '', sectionType: 'hero', format: 'html', slot: '', content: '', isActive: true };

const TYPE_LABELS: Record<string, string> = { hero: 'Hero', features: 'Features', pricing: 'Pricing', about: 'About' };
const TYPE_OPTIONS = CONTENT_SECTION_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] ?? type }));
const FORMAT_OPTIONS = CONTENT_FORMATS.map((format) => ({ value: format, label: format === 'html' ? 'HTML' : 'Markdown' }));

export const sectionTypeLabel = (type: string) => TYPE_LABELS[type] ?? type;

function contentValues(section: ContentSection): ContentValues {
  const { title, sectionType, format, slot, content, isActive } = section;
  return { title, sectionType, format, slot: slot ?? '', content, isActive };
}

export function contentBody(values: ContentValues): ContentSectionInput {
  return { ...values, slot: values.slot.trim() || null } as ContentSectionInput;
}

export function ContentForm({ section, save, onCancel }: { section?: ContentSection; save: (values: ContentValues) => Promise<void>; onCancel: () => void }) {
  const form = useRecordForm({ initial: section ? contentValues(section) : EMPTY_CONTENT, save, failureText: ADMIN_ERRORS.saveContent });
  // Typing stays responsive in a long section: the preview follows a moment later.
  const content = useDeferredValue(String(form.values.content));
  const html = previewHtml(content, form.values.format as ContentFormat);
  return (
    <FormFrame title={section ? 'Edit Content' : 'Create New Content'} form={form} onCancel={onCancel}>
      <div className="adm-form-grid">
        <TextField label="Title" {...form.field('title')} />
        <SelectField label="Section type" options={TYPE_OPTIONS} {...form.field('sectionType')} />
        <SelectField label="Format" options={FORMAT_OPTIONS} {...form.field('format')} />
        <TextField label="Page slot (optional)" placeholder="e.g. home.hero" {...form.field('slot')} />
      </div>
      <div className="adm-editor">
        <TextAreaField label="Content (HTML or Markdown)" rows={12} {...form.field('content')} />
        <section className="adm-preview" aria-labelledby="adm-preview-title">
          <h4 id="adm-preview-title">Preview</h4>
          {/* Sanitised by the platform's HTML policy just above. */}
          <div className="adm-preview__body" data-testid="content-preview" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
      </div>
      <CheckboxField label="Active" {...form.checkbox('isActive')} />
    </FormFrame>
  );
}
