import { useState } from 'react';
import type { ContentSection } from '@agentdock/contracts';
import { Badge, Button, Card } from '@agentdock/ui';
import { useAdminApi } from '../api/use-admin-api';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';
import { ContentForm, contentBody, sectionTypeLabel } from './content-form';

/** How much of a section's content its card shows. */
export const CONTENT_PREVIEW_LENGTH = 200;

type Editing = { mode: 'create' } | { mode: 'edit'; section: ContentSection } | null;

/** Content sections: create and edit only; a section is hidden by making it inactive, never deleted. */
export function ContentTab() {
  const api = useAdminApi();
  const sections = useLoad((signal) => api.catalog.listContent({ signal }), 'content');
  const [editing, setEditing] = useState<Editing>(null);

  if (editing) {
    const section = editing.mode === 'edit' ? editing.section : undefined;
    return (
      <ContentForm
        section={section}
        onCancel={() => setEditing(null)}
        save={async (values) => {
          const saved = section ? await api.catalog.updateContent(section.id, contentBody(values)) : await api.catalog.createContent(contentBody(values));
          sections.setData((current) => (section ? current?.map((row) => (row.id === saved.id ? saved : row)) : [saved, ...(current ?? [])]));
          setEditing(null);
        }}
      />
    );
  }

  return (
    <section className="adm-tab" aria-labelledby="adm-content-title">
      <div className="adm-tab__head">
        <h2 id="adm-content-title">Content</h2>
        <Button onClick={() => setEditing({ mode: 'create' })}>Add Content</Button>
      </div>
      <LoadStates loaded={sections} label="Content">
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">No content sections yet. Add the first one.</p>
          ) : (
            <ul className="adm-grid">
              {rows.map((section) => (
                <Card as="li" key={section.id} className="adm-item" aria-labelledby={`content-${section.id}`}>
                  <div className="adm-item__head">
                    <h3 id={`content-${section.id}`} className="adm-wrap">
                      {section.title}
                    </h3>
                    <Badge variant="primary">{sectionTypeLabel(section.sectionType)}</Badge>
                  </div>
                  {!section.isActive && <Badge>Inactive</Badge>}
                  {/* The source as text: markup is shown, never run. */}
                  <p className="adm-wrap adm-excerpt" data-testid="content-excerpt">
                    {section.content.length > CONTENT_PREVIEW_LENGTH ? `${section.content.slice(0, CONTENT_PREVIEW_LENGTH)}…` : section.content}
                  </p>
                  <div className="adm-actions">
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ mode: 'edit', section })} aria-label={`Edit ${section.title}`}>
                      Edit
                    </Button>
                  </div>
                </Card>
              ))}
            </ul>
          )
        }
      </LoadStates>
    </section>
  );
}
