import type { ContentSection } from '@agentdock/contracts';
import { Badge } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { RecordTab } from '../console/record-tab';
import { useLoad } from '../console/use-load';
import { ContentForm, contentBody, type ContentValues, sectionTypeLabel } from './content-form';

/** How much of a section's content its card shows. */
export const CONTENT_PREVIEW_LENGTH = 200;

/** Content sections: create and edit only; a section is hidden by making it inactive, never deleted. */
export function ContentTab() {
  const api = useAdminApi();
  const sections = useLoad((signal) => api.catalog.listContent({ signal }), 'content');
  return (
    <RecordTab<ContentSection, ContentValues>
      name="content"
      item="content"
      title="Content"
      addLabel="Add Content"
      loadLabel="Content"
      emptyText="No content sections yet. Add the first one."
      loaded={sections}
      heading={(section) => section.title}
      headingClassName="adm-wrap"
      badge={(section) => <Badge variant="primary">{sectionTypeLabel(section.sectionType)}</Badge>}
      details={(section) => (
        <>
          {!section.isActive && <Badge>Inactive</Badge>}
          {/* The source as text: markup is shown, never run. */}
          <p className="adm-wrap adm-excerpt" data-testid="content-excerpt">
            {section.content.length > CONTENT_PREVIEW_LENGTH ? `${section.content.slice(0, CONTENT_PREVIEW_LENGTH)}…` : section.content}
          </p>
        </>
      )}
      save={(section, values) => (section ? api.catalog.updateContent(section.id, contentBody(values)) : api.catalog.createContent(contentBody(values)))}
      form={(section, handlers) => <ContentForm section={section} {...handlers} />}
    />
  );
}
