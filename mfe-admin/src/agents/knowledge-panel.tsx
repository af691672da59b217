import { useMemo, useState } from 'react';
import { KNOWLEDGE_FILE_ACCEPT, type KnowledgeFile } from '@agentdock/contracts';
import { useSessionClient } from '@agentdock/session';
import { Alert, Button, TextField } from '@agentdock/ui';
import { knowledgeAdminApi } from '../api/knowledge-admin';
import './knowledge-panel.css';
import { LoadStates } from '../console/load-states';
import { useLoad } from '../console/use-load';

const KIND_LABELS: Record<KnowledgeFile['kind'], string> = { markdown: 'Markdown', text: 'Text', pdf: 'PDF', html: 'HTML' };

/** What went wrong, in the server's words: they name the file. */
function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

function fileFacts(file: KnowledgeFile): string {
  const size = file.sizeBytes < 1024 * 1024 ? `${Math.max(1, Math.round(file.sizeBytes / 1024))} KB` : `${(file.sizeBytes / (1024 * 1024)).toFixed(1)} MB`;
  const pages = file.kind === 'pdf' ? `, ${file.pages} ${file.pages === 1 ? 'page' : 'pages'}` : '';
  return `${KIND_LABELS[file.kind]}, ${size}${pages}, ${file.passages} ${file.passages === 1 ? 'passage' : 'passages'}`;
}

/**
 * An agent's knowledge in the console: the files it answers from (added or replaced by name,
 * deleted at once), what each became, and how many tokens of passages a reply may be given.
 */
export function KnowledgePanel({ agentId }: { agentId: string }) {
  const client = useSessionClient();
  const api = useMemo(() => knowledgeAdminApi(client.api), [client]);
  const loaded = useLoad((signal) => api.list(agentId, { signal }), agentId);
  const [busy, setBusy] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [budget, setBudget] = useState<string | null>(null);
  const [budgetNote, setBudgetNote] = useState<string | null>(null);

  const replaceFile = (file: KnowledgeFile) =>
    loaded.setData(
      (current) => current && { ...current, files: [...current.files.filter((other) => other.name !== file.name), file].sort((a, b) => a.name.localeCompare(b.name)) },
    );

  async function upload(files: FileList | null) {
    if (!files?.length) return;
    const failed: string[] = [];
    // One at a time: each is indexed in one transaction, and a bad file must not stop the others.
    for (const file of Array.from(files)) {
      setBusy(`Indexing ${file.name}…`);
      try {
        replaceFile(await api.upload(agentId, file));
      } catch (error) {
        failed.push(failureText(error, `${file.name}: the upload failed. Please try again.`));
      }
    }
    setBusy(null);
    setProblems(failed);
  }

  async function remove(file: KnowledgeFile) {
    setBusy(`Deleting ${file.name}…`);
    try {
      await api.remove(agentId, file.id);
      loaded.setData((current) => current && { ...current, files: current.files.filter((other) => other.id !== file.id) });
      setProblems([]);
    } catch (error) {
      setProblems([failureText(error, `${file.name} could not be deleted. Please try again.`)]);
    }
    setBusy(null);
  }

  async function saveBudget(value: string) {
    const tokenBudget = Number(value);
    if (!Number.isInteger(tokenBudget) || tokenBudget < 0) {
      setBudgetNote('Enter a whole number of tokens, 0 or more.');
      return;
    }
    try {
      const settings = await api.setSettings(agentId, { tokenBudget });
      loaded.setData((current) => current && { ...current, settings });
      setBudget(null);
      setBudgetNote('Saved.');
    } catch (error) {
      setBudgetNote(failureText(error, 'The budget could not be saved. Please try again.'));
    }
  }

  return (
    <section className="adm-knowledge" aria-labelledby={`knowledge-${agentId}`}>
      <div className="adm-panel-head">
        <h3 id={`knowledge-${agentId}`}>Knowledge</h3>
      </div>
      <p className="adm-knowledge__intro">
        Files this agent answers from, citing them in its replies: Markdown, plain text, PDF or HTML, up to 20 MB each and 200 per agent. A file with the name of one already here
        replaces it.
      </p>
      <LoadStates loaded={loaded} label="Knowledge files">
        {({ files, settings }) => (
          <>
            {files.length === 0 ? (
              <p className="adm-empty">No knowledge files yet.</p>
            ) : (
              <ul className="adm-knowledge__files">
                {files.map((file) => (
                  <li key={file.id} className="adm-knowledge__file">
                    <span className="adm-wrap">
                      <strong>{file.name}</strong>
                      <span className="adm-knowledge__facts">{fileFacts(file)}</span>
                    </span>
                    <Button variant="secondary" size="sm" disabled={busy !== null} aria-label={`Delete ${file.name}`} onClick={() => void remove(file)}>
                      Delete
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <label className="adm-knowledge__upload">
              <span>Add files</span>
              <input
                type="file"
                multiple
                accept={KNOWLEDGE_FILE_ACCEPT}
                disabled={busy !== null}
                onChange={(event) => {
                  const input = event.currentTarget;
                  void upload(input.files).then(() => (input.value = ''));
                }}
              />
            </label>
            <p role="status" className="adm-knowledge__status">
              {busy ?? ''}
            </p>
            {problems.length > 0 && (
              <Alert variant="error">
                <ul className="adm-knowledge__problems">
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </Alert>
            )}
            <form
              className="adm-knowledge__budget"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void saveBudget(budget ?? String(settings.tokenBudget));
              }}
            >
              <TextField
                label="Passage tokens per reply"
                type="number"
                min={0}
                inputMode="numeric"
                value={budget ?? String(settings.tokenBudget)}
                onChange={(event) => {
                  setBudget(event.currentTarget.value);
                  setBudgetNote(null);
                }}
              />
              <Button type="submit" variant="secondary" size="sm">
                Save budget
              </Button>
              {budgetNote && <p role="status">{budgetNote}</p>}
            </form>
          </>
        )}
      </LoadStates>
    </section>
  );
}
