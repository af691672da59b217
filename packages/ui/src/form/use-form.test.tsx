/** @jest-environment jsdom */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { profilePatch } from '@agentdock/contracts';
import { Button } from '../button';
import { TextField } from '../field';
import { UNEXPECTED_FORM_ERROR } from './failure';
import { validateForm } from './parse';
import { parseWith } from './parse-with';
import { type FormOptions, useForm } from './use-form';

type Values = { name: string; email: string; phone: string };

const EMPTY: Values = { name: '', email: '', phone: '' };

function Harness(options: Partial<FormOptions<Values, unknown>>) {
  const form = useForm<Values, unknown>({ initial: EMPTY, parse: (values) => ({ data: values }), submit: () => undefined, ...options });
  return (
    <form ref={form.formRef} onSubmit={form.onSubmit} noValidate>
      {form.formError && <p role="alert">{form.formError}</p>}
      <TextField label="Name" {...form.field('name')} />
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Phone" {...form.field('phone')} />
      <Button type="submit" disabled={form.pending}>
        {form.pending ? 'Saving…' : 'Save'}
      </Button>
    </form>
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const messageOf = (label: string) => {
  const id = input(label).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const typeInto = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

/** A promise the test settles when it chooses. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** An error shaped like the API client's: the server's sentence and its messages about fields. */
const refusal = (message: string, fields: Array<{ path: string; message: string }>) => Object.assign(new Error(message), { fields });

describe('useForm', () => {
  it('a double click submits once', async () => {
    const request = deferred();
    const submit = jest.fn(() => request.promise);
    render(<Harness submit={submit} />);
    const save = screen.getByRole('button', { name: 'Save' });

    // Both clicks land before React renders again, so state (a `pending` flag) could not tell them apart.
    await act(async () => {
      save.click();
      save.click();
    });
    await waitFor(() => expect(save.textContent).toBe('Saving…'));
    expect(submit).toHaveBeenCalledTimes(1);

    await act(async () => request.resolve());
    expect(save.textContent).toBe('Save');
    // Once the first is over the form sends again.
    await act(async () => save.click());
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('ignores a second submit while the first still waits for its checks', async () => {
    const checks = deferred();
    const submit = jest.fn();
    render(
      <Harness
        parse={async (values) => {
          await checks.promise;
          return { data: values };
        }}
        submit={submit}
      />,
    );
    const form = screen.getByRole('button', { name: 'Save' }).closest('form')!;

    fireEvent.submit(form);
    fireEvent.submit(form);
    await act(async () => checks.resolve());
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('the first invalid field is focused, in page order, and nothing is submitted', async () => {
    const submit = jest.fn();
    render(<Harness parse={() => ({ errors: { phone: 'Enter a phone number', email: 'Enter your email address' } })} submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(document.activeElement).toBe(input('Email')));
    expect(messageOf('Email')).toBe('Enter your email address');
    expect(input('Phone').getAttribute('aria-invalid')).toBe('true');
    expect(input('Name').getAttribute('aria-invalid')).toBeNull();
    expect(submit).not.toHaveBeenCalled();
  });

  it('moves focus after a refused submit only, never while the visitor edits', async () => {
    render(<Harness parse={() => ({ errors: { email: 'Enter your email address', phone: 'Enter a phone number' } })} clearErrorOnChange />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(input('Email')));

    input('Phone').focus();
    typeInto('Phone', '+14155550100');
    expect(messageOf('Phone')).toBeUndefined();
    expect(messageOf('Email')).toBe('Enter your email address');
    expect(document.activeElement).toBe(input('Phone'));
  });

  it('keeps a message while the field is edited unless asked to clear it', async () => {
    render(<Harness parse={() => ({ errors: { email: 'Enter your email address' } })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('Email')).toBe('Enter your email address'));
    typeInto('Email', 'ada@example.com');
    expect(messageOf('Email')).toBe('Enter your email address');
    expect(input('Email').value).toBe('ada@example.com');
  });

  it("checks the body with the contract's schema, in the product's words where the schema has none", async () => {
    const submit = jest.fn();
    render(
      <Harness
        parse={(values) =>
          validateForm(values, { email: 'Enter your email address' }, () =>
            parseWith(profilePatch, { fullName: values.name, phone: values.phone }, (path) => (path === 'fullName' ? 'name' : path)),
          )
        }
        submit={submit}
      />,
    );
    typeInto('Name', 'x'.repeat(121));
    typeInto('Email', 'ada@example.com');
    typeInto('Phone', '555');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    // profilePatch words no message for the name's length: the product's sentence, not zod's "Too big: …".
    await waitFor(() => expect(messageOf('Name')).toBe('Use at most 120 characters.'));
    expect(messageOf('Phone')).toBe('Enter the phone number in international format, e.g. +14155550100');
    expect(document.activeElement).toBe(input('Name'));
    expect(submit).not.toHaveBeenCalled();

    typeInto('Name', 'Ada Lovelace');
    typeInto('Phone', '+14155550100');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ fullName: 'Ada Lovelace', phone: '+14155550100' }));
    expect(messageOf('Name')).toBeUndefined();
  });

  it("puts the server's field messages beside their fields (first per field, by the path's first segment) and its sentence above", async () => {
    const submit = jest
      .fn()
      .mockRejectedValueOnce(
        refusal('Check the highlighted fields.', [
          { path: 'phone.number', message: 'Enter a mobile number.' },
          { path: 'email', message: 'This email address is already used.' },
          { path: 'email', message: 'A second message about the email.' },
        ]),
      )
      .mockResolvedValueOnce(undefined);
    render(<Harness submit={submit} />);
    typeInto('Email', 'ada@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Check the highlighted fields.');
    expect(messageOf('Email')).toBe('This email address is already used.');
    expect(messageOf('Phone')).toBe('Enter a mobile number.');
    expect(document.activeElement).toBe(input('Email'));
    expect(input('Email').value).toBe('ada@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(messageOf('Email')).toBeUndefined();
    expect(submit).toHaveBeenCalledTimes(2);
  });

  it('places server messages where fieldOf says, and lets onFailure decide what the form shows', async () => {
    const submit = jest.fn().mockRejectedValue(refusal('Invalid request', [{ path: 'contact.mail', message: 'Not deliverable.' }]));
    const onFailure = jest.fn(() => ({ message: 'Saving failed.', fields: { phone: 'Check this too.' } }));
    const { unmount } = render(<Harness submit={submit} fieldOf={(path) => (path === 'contact.mail' ? 'email' : undefined)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf('Email')).toBe('Not deliverable.'));
    unmount();

    render(<Harness submit={submit} onFailure={onFailure} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Saving failed.');
    expect(messageOf('Phone')).toBe('Check this too.');
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'Invalid request' }));
  });

  it('says a failure that carries no message of its own, like a parse that threw, in the generic sentence', async () => {
    const parse = jest
      .fn()
      .mockRejectedValueOnce(undefined)
      .mockImplementation((values: Values) => ({ data: values }));
    const submit = jest.fn();
    render(<Harness parse={parse} submit={submit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UNEXPECTED_FORM_ERROR);
    expect(submit).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('preloads what parse needs once, when the visitor first focuses the form', () => {
    const preload = jest.fn(() => Promise.resolve());
    render(<Harness preload={preload} />);
    expect(preload).not.toHaveBeenCalled();
    fireEvent.focusIn(input('Name'));
    fireEvent.focusIn(input('Email'));
    expect(preload).toHaveBeenCalledTimes(1);
  });
});
