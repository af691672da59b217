import { useState, type ReactNode } from 'react';
import { Button, Card, ConfirmDialog } from '@agentdock/ui';
import { useReportError } from './admin-banner';
import type { AdminErrorText } from './admin-errors';
import { LoadStates } from './load-states';
import type { Loaded } from './use-load';

/** What the tab's create/edit form gets: it calls `save` with its values, and `onCancel` to go back. */
export interface RecordFormHandlers<V> {
  save: (values: V) => Promise<void>;
  onCancel: () => void;
}

export interface RecordTabProps<T extends { id: string }, V> {
  /** The heading's id is `adm-<name>-title`. */
  name: string;
  /** Each card's heading id is `<item>-<record id>`. */
  item: string;
  title: string;
  addLabel: string;
  /** For the loading and load-failure states, e.g. "Agents". */
  loadLabel: string;
  emptyText: string;
  loaded: Loaded<T[]>;
  /** The card's heading, also in its Edit and Delete buttons' names. */
  heading: (record: T) => string;
  headingClassName?: string;
  /** Beside the heading. */
  badge: (record: T) => ReactNode;
  /** Below the heading, above the buttons. */
  details: (record: T) => ReactNode;
  /** Sends a new record (none given) or the changes to one; answers the record as saved. */
  save: (record: T | undefined, values: V) => Promise<T>;
  form: (record: T | undefined, handlers: RecordFormHandlers<V>) => ReactNode;
  /** Left out where records are never deleted. */
  remove?: { confirmation: string; failureText: AdminErrorText; call: (record: T) => Promise<void> };
}

/**
 * A tab of records the admin lists, creates, edits and (optionally) deletes: a heading with an Add
 * button, a card per record with Edit and Delete, the form in place of the list while editing,
 * and a confirmation before a delete.
 */
export function RecordTab<T extends { id: string }, V>(props: RecordTabProps<T, V>) {
  const { loaded, heading, remove } = props;
  const report = useReportError();
  const [editing, setEditing] = useState<{ record?: T } | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [pending, setPending] = useState(false);

  async function confirmDelete(record: T) {
    if (!remove) return;
    setPending(true);
    try {
      await remove.call(record);
      loaded.setData((current) => current?.filter((row) => row.id !== record.id));
    } catch (error) {
      report(remove.failureText, error);
    } finally {
      setPending(false);
      setDeleting(null);
    }
  }

  if (editing) {
    const record = editing.record;
    return props.form(record, {
      onCancel: () => setEditing(null),
      save: async (values) => {
        const saved = await props.save(record, values);
        loaded.setData((current) => (record ? current?.map((row) => (row.id === saved.id ? saved : row)) : [saved, ...(current ?? [])]));
        setEditing(null);
      },
    });
  }

  return (
    <section className="adm-tab" aria-labelledby={`adm-${props.name}-title`}>
      <div className="adm-tab__head">
        <h2 id={`adm-${props.name}-title`}>{props.title}</h2>
        <Button onClick={() => setEditing({})}>{props.addLabel}</Button>
      </div>
      <LoadStates loaded={loaded} label={props.loadLabel}>
        {(rows) =>
          rows.length === 0 ? (
            <p className="adm-empty">{props.emptyText}</p>
          ) : (
            <ul className="adm-grid">
              {rows.map((record) => (
                <Card as="li" key={record.id} className="adm-item" aria-labelledby={`${props.item}-${record.id}`}>
                  <div className="adm-item__head">
                    <h3 id={`${props.item}-${record.id}`} className={props.headingClassName}>
                      {heading(record)}
                    </h3>
                    {props.badge(record)}
                  </div>
                  {props.details(record)}
                  <div className="adm-actions">
                    <Button size="sm" variant="secondary" onClick={() => setEditing({ record })} aria-label={`Edit ${heading(record)}`}>
                      Edit
                    </Button>
                    {remove && (
                      <Button size="sm" variant="danger" onClick={() => setDeleting(record)} aria-label={`Delete ${heading(record)}`}>
                        Delete
                      </Button>
                    )}
                  </div>
                </Card>
              ))}
            </ul>
          )
        }
      </LoadStates>
      {remove && deleting && (
        <ConfirmDialog title={remove.confirmation} confirmLabel="Delete" pending={pending} onConfirm={() => void confirmDelete(deleting)} onCancel={() => setDeleting(null)} />
      )}
    </section>
  );
}
