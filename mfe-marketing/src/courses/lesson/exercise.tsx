import { EXERCISE_ANSWER_MAX_LENGTH } from '@agentdock/contracts';
import { Alert, Button, TextAreaField } from '@agentdock/ui';
import { useExerciseAnswer } from './use-exercise-answer';

/** The learner's private answer to the exercise, saved on the server. */
export function Exercise({ courseId, lessonId, prompt }: { courseId: string; lessonId: string; prompt: string }) {
  const { answer, loaded, state, edit, submit } = useExerciseAnswer(courseId, lessonId);

  return (
    <section className="mk-exercise" aria-labelledby="exercise-title">
      <h2 id="exercise-title">Exercise</h2>
      <p>{prompt}</p>
      <form onSubmit={(event) => void submit(event)} className="ad-stack">
        <TextAreaField
          label="Your answer (only you can see it)"
          value={answer}
          onChange={(event) => edit(event.target.value)}
          rows={6}
          maxLength={EXERCISE_ANSWER_MAX_LENGTH}
          disabled={!loaded}
        />
        {state.kind === 'failed' && <Alert variant="error">{state.message}</Alert>}
        <div className="ad-row">
          <Button type="submit" variant="secondary" disabled={!loaded || state.kind === 'saving'}>
            Save answer
          </Button>
          {state.kind === 'saved' && <span role="status">Answer saved</span>}
        </div>
      </form>
    </section>
  );
}
