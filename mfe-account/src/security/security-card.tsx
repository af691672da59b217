import './security.css';
import { useCallback, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type MfaEnrolment, type MfaStatus, mfaCodeRequest, mfaConfirmRequest, mfaDisableRequest } from '@agentdock/contracts';
import { useSession, useSessionClient } from '@agentdock/session';
import { Alert, Button, Card, CopyButton, describeFailure, parseWith, Spinner, TextField, useForm, validateForm } from '@agentdock/ui';
import { formatDate } from '../dashboard/format';
import { accountKeys } from '../query/account-queries';
import { FormFrame } from '../form/form-frame';
import { useReauthentication } from '../form/use-reauthentication';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { type SecurityApi, securityApi } from './security-api';

type View =
  | { name: 'loading' }
  | { name: 'failed'; message: string }
  | { name: 'off' }
  | { name: 'enrolling'; enrolment: MfaEnrolment }
  | { name: 'codes'; codes: string[] }
  | { name: 'on'; status: MfaStatus };
/** A step the user is taking; without one the card shows the status identity answers. */
type Step = Extract<View, { name: 'failed' | 'enrolling' | 'codes' }>;

const MFA_KEY = [...accountKeys.all, 'mfa'] as const;

export const MFA_ON = 'Two-factor authentication is on.';
export const MFA_OFF = 'Two-factor authentication is off.';

/** The dashboard's Security card: set up, review and turn off two-factor sign-in. */
export function SecurityCard() {
  const client = useSessionClient();
  const { user } = useSession();
  const api = useMemo(() => securityApi(client), [client]);
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: MFA_KEY, queryFn: () => api.status() });
  const [step, setStep] = useState<Step | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const view: View =
    step ??
    (status.isPending
      ? { name: 'loading' }
      : status.isError
        ? { name: 'failed', message: describeFailure(status.error).message }
        : status.data.enabled
          ? { name: 'on', status: status.data }
          : { name: 'off' });

  /** Back to the status, asked again (after a failure, or a change made here). */
  const load = useCallback(() => {
    setStep(null);
    void queryClient.invalidateQueries({ queryKey: MFA_KEY });
  }, [queryClient]);

  async function startEnrolment() {
    setNotice(null);
    try {
      setStep({ name: 'enrolling', enrolment: await api.startEnrolment() });
    } catch (error) {
      setStep({ name: 'failed', message: describeFailure(error).message });
    }
  }

  return (
    <Card as="section" aria-labelledby="acc-security-title" className="acc-security">
      <h2 id="acc-security-title" className="acc-card__title">
        Two-factor authentication
      </h2>
      {notice && <Alert variant="success">{notice}</Alert>}
      {view.name === 'loading' && <Spinner label="Loading your security settings…" />}
      {view.name === 'failed' && (
        <>
          <Alert variant="error">{view.message}</Alert>
          <div>
            <Button variant="secondary" onClick={load}>
              Try Again
            </Button>
          </div>
        </>
      )}
      {view.name === 'off' && (
        <>
          <p>{MFA_OFF} Add a second step to signing in: a 6-digit code from an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.</p>
          <div>
            <Button onClick={() => void startEnrolment()}>Set Up Two-Factor Authentication</Button>
          </div>
        </>
      )}
      {view.name === 'enrolling' && <Enrolment enrolment={view.enrolment} api={api} onEnabled={(codes) => setStep({ name: 'codes', codes })} onCancel={() => setStep(null)} />}
      {view.name === 'codes' && (
        <RecoveryCodesPanel
          codes={view.codes}
          email={user?.email ?? ''}
          onDone={() => {
            setNotice(MFA_ON);
            load();
          }}
        />
      )}
      {view.name === 'on' && (
        <Enabled
          status={view.status}
          api={api}
          onNewCodes={(codes) => {
            setNotice(null);
            setStep({ name: 'codes', codes });
          }}
          onDisabled={() => {
            setNotice(MFA_OFF);
            // Identity's answer to the disable says it is off: no second round trip.
            queryClient.setQueryData<MfaStatus>(MFA_KEY, (current) => current && { ...current, enabled: false });
          }}
        />
      )}
    </Card>
  );
}

/**
 * The first code turns the app on. Turning a second factor on is a credential change: when the
 * sign-in is not recent the server answers 403 reauthentication_required, and the form asks for
 * the current password and sends it, with the code, on the next try.
 */
function Enrolment({ enrolment, api, onEnabled, onCancel }: { enrolment: MfaEnrolment; api: SecurityApi; onEnabled: (codes: string[]) => void; onCancel: () => void }) {
  const { askPassword, passwordRef, guard } = useReauthentication();
  const form = useForm({
    initial: { code: '', currentPassword: '' },
    parse: (values) =>
      validateForm(values, { code: 'Enter the 6-digit code from your authenticator app', ...(askPassword ? { currentPassword: 'Enter your current password' } : {}) }, () =>
        parseWith(mfaConfirmRequest, { code: values.code.replace(/\s/g, ''), ...(askPassword ? { currentPassword: values.currentPassword } : {}) }),
      ),
    submit: async (body) => {
      onEnabled(await guard(() => api.confirmEnrolment(body)));
    },
  });

  return (
    <div className="acc-security__enrol">
      <ol className="acc-security__steps">
        <li>Scan this QR code with your authenticator app, or enter the setup key by hand.</li>
        <li>Enter the 6-digit code the app shows to turn two-factor authentication on.</li>
      </ol>
      <img className="acc-security__qr" src={enrolment.qrCode} alt="QR code to add Agentdock to your authenticator app" width={240} height={240} />
      <div className="acc-security__secret">
        <span id="acc-setup-key-label">Setup key</span>
        <code aria-labelledby="acc-setup-key-label" data-testid="mfa-secret">
          {enrolment.secret}
        </code>
        <CopyButton text={enrolment.secret} label="Copy key" size="sm" />
      </div>
      <FormFrame {...form} error={form.formError} submitLabel="Turn On" pendingLabel="Checking…">
        <TextField label="6-digit code from the app" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required {...form.field('code')} />
        {askPassword && (
          <div ref={passwordRef}>
            <TextField label="Current password" type="password" autoComplete="current-password" required {...form.field('currentPassword')} />
          </div>
        )}
      </FormFrame>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

function Enabled({ status, api, onNewCodes, onDisabled }: { status: MfaStatus; api: SecurityApi; onNewCodes: (codes: string[]) => void; onDisabled: () => void }) {
  const unused = status.recoveryCodes.filter((code) => code.usedAt === null).length;
  const used = status.recoveryCodes.filter((code) => code.usedAt !== null);
  return (
    <>
      <p>
        {MFA_ON} {status.enabledAt && `Since ${formatDate(status.enabledAt)}. `}Signing in asks for a code from your authenticator app.
      </p>
      <h3 className="acc-security__subtitle">Recovery codes</h3>
      <p data-testid="recovery-codes-left">
        {unused} of {status.recoveryCodes.length} recovery codes unused.
      </p>
      {used.length > 0 && (
        <ul className="ad-plain-list acc-security__usage" aria-label="Used recovery codes">
          {used.map((code) => (
            <li key={code.number}>
              Code {code.number} used on {formatDate(code.usedAt ?? '')}
            </li>
          ))}
        </ul>
      )}
      <RegenerateForm api={api} onNewCodes={onNewCodes} />
      <DisableForm api={api} onDisabled={onDisabled} />
    </>
  );
}

const CODE_REQUIRED = 'Enter a code from your authenticator app or a recovery code';

function RegenerateForm({ api, onNewCodes }: { api: SecurityApi; onNewCodes: (codes: string[]) => void }) {
  const form = useForm({
    initial: { code: '' },
    parse: (values) => validateForm(values, { code: CODE_REQUIRED }, () => parseWith(mfaCodeRequest, { code: values.code })),
    submit: async ({ code }) => onNewCodes(await api.regenerateRecoveryCodes(code)),
  });
  return (
    <details className="acc-security__action">
      <summary>Get new recovery codes</summary>
      <p className="ad-muted">New codes replace all your current ones.</p>
      <FormFrame {...form} error={form.formError} submitLabel="Get New Codes" pendingLabel="Working…">
        <TextField label="Authenticator or recovery code" autoComplete="one-time-code" required {...form.field('code')} />
      </FormFrame>
    </details>
  );
}

function DisableForm({ api, onDisabled }: { api: SecurityApi; onDisabled: () => void }) {
  const form = useForm({
    initial: { password: '', code: '' },
    parse: (values) =>
      validateForm(values, { password: 'Enter your password', code: CODE_REQUIRED }, () => parseWith(mfaDisableRequest, { password: values.password, code: values.code })),
    submit: async (body) => {
      await api.disable(body);
      onDisabled();
    },
  });
  return (
    <details className="acc-security__action">
      <summary>Turn off two-factor authentication</summary>
      <p className="ad-muted">Signing in will only ask for your password or an emailed link or code.</p>
      <FormFrame {...form} error={form.formError} submitLabel="Turn Off" pendingLabel="Turning off…">
        <TextField label="Password" type="password" autoComplete="current-password" required {...form.field('password')} />
        <TextField label="Authenticator or recovery code" autoComplete="one-time-code" required {...form.field('code')} />
      </FormFrame>
    </details>
  );
}
