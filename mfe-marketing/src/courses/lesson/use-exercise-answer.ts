import { useEffect, useState, type FormEvent } from 'react';
import { ApiError } from '@agentdock/api-client';
import { memberApi } from '../../api/member-api';

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/** The learner's saved answer to the exercise: editable once loaded, saved on submit. */
export function useExerciseAnswer(courseId: string, lessonId: string) {
  const [answer, setAnswer] = useState('');
  const [loaded, setLoaded] = useState(false);
  const [state, setState] = useState<SaveState>({ kind: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    memberApi.getExerciseAnswer(courseId, lessonId, { signal: controller.signal }).then(
      (saved) => {
        setAnswer(saved.answer);
        setLoaded(true);
      },
      () => setLoaded(true),
    );
    return () => controller.abort();
  }, [courseId, lessonId]);

  /** A change makes "Answer saved" untrue until the next save. */
  const edit = (text: string) => {
    setAnswer(text);
    setState({ kind: 'idle' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ kind: 'saving' });
    try {
      await memberApi.saveExerciseAnswer(courseId, lessonId, answer);
      setState({ kind: 'saved' });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiError ? error.message : 'We could not save your answer. Please try again.' });
    }
  };

  return { answer, loaded, state, edit, submit };
}
